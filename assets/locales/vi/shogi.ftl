# Phần Shogi của bộ văn bản (tiếng Việt). Mọi id bắt đầu bằng `shogi-`.

## Luật

shogi-rules-name = chuẩn
shogi-rules-summary = { $in_play ->
        [yes] **Luật của ván này: shogi theo luật chuẩn**
       *[no] **Kênh này chưa có ván nào; shogi được chơi theo luật chuẩn**
    }
    • Mỗi bên có hai mươi quân; mỗi quân đi theo cách của loại quân đó, và quân bị ăn đổi phe, có thể được thả lại vào bất kỳ ô trống nào thay cho một nước đi.
    • Quân đi vào, đi trong hoặc đi ra khỏi ba hàng xa nhất có thể phong cấp; tốt, hương xa hay quế mã không thể đi tiếp thì bắt buộc phong.
    • Một bên không được có hai tốt chưa phong trên cùng một cột (nifu), và tốt được thả không được chiếu hết ngay (uchifuzume).
    • Chiếu hết là thắng; bên không còn nước đi hợp lệ thì thua. Thế cờ lặp lại lần thứ tư là hòa (sennichite), trừ khi một bên chiếu liên tục, bên đó thua.
    • Khi cả hai vua đã vào trận địa đối phương, người chơi có thể đòi tính điểm nhập cung: bên dưới 24 điểm (xe và tượng 5 điểm, quân khác 1 điểm, vua không tính) thua.

## Chú thích và hình bàn cờ

shogi-moved = { $player } đi { $move }.
shogi-check = Chiếu!
shogi-ended = { $reason ->
        [checkmate] Chiếu hết.
        [no-moves] Không còn nước đi hợp lệ: bên đó thua.
        [resignation] Một người chơi đã xin thua.
        [perpetual-check] Thế cờ lặp lại lần thứ tư trong khi một bên chiếu liên tục: bên chiếu thua.
        [impasse] Nhập cung: tính theo điểm.
        [timeout] Một người chơi đã hết giờ.
        [sennichite] Thế cờ lặp lại lần thứ tư (sennichite).
        [jishogi] Nhập cung, cả hai bên đều từ 24 điểm trở lên (jishōgi).
       *[move-limit] Đã đến giới hạn số nước.
    }
shogi-empty-hand = tay trống
shogi-status-to-move = Đến lượt { $name }
shogi-status-forfeit = { $why ->
        [resigned] { $name } thắng do đối thủ xin thua
       *[timed-out] { $name } thắng do đối thủ hết giờ
    }
shogi-status-over = { $reason ->
        [checkmate] { $name } thắng do chiếu hết
        [no-moves] { $name } thắng: đối thủ hết nước đi
        [resignation] { $name } thắng do đối thủ xin thua
        [perpetual-check] { $name } thắng: đối thủ chiếu liên tục
        [impasse] { $name } thắng theo điểm nhập cung
        [timeout] { $name } thắng do đối thủ hết giờ
        [sennichite] Hòa do lặp lại thế cờ
        [jishogi] Hòa do nhập cung
       *[move-limit] Hòa do giới hạn số nước
    }
shogi-piece = { $piece ->
        [pawn] Tốt
        [lance] Hương xa
        [knight] Mã
        [silver] Tướng bạc
        [gold] Tướng vàng
        [bishop] Tượng
        [rook] Xe
        [king] Vua
        [tokin] Tốt phong
        [promoted-lance] Hương xa phong
        [promoted-knight] Mã phong
        [promoted-silver] Tướng bạc phong
        [horse] Tượng phong (long mã)
       *[dragon] Xe phong (long vương)
    }
shogi-pick-piece = { shogi-piece } ở { $square }
shogi-pick-in-hand = { shogi-piece } trong tay (×{ $count })
shogi-pick-target = { $piece ->
        [none] tới { $square }
       *[other] tới { $square }, ăn { shogi-piece }
    }
shogi-promote = Phong cấp
shogi-dont-promote = Không phong
shogi-claim-impasse = Đòi tính điểm nhập cung
shogi-impasse-claimed = Đã đòi tính điểm nhập cung: tiên thủ (sente) được { $sente } điểm, hậu thủ (gote) { $gote } (cần 24 điểm).
shogi-view-from-gote = Xem từ phía hậu thủ (gote)
shogi-furigoma = Furigoma: { $tosser } tung năm quân tốt, { $faces }: { $pawns } quân ngửa mặt tốt, nên { $first } đi trước (tiên thủ).
shogi-analyse = Phân tích thế cờ cuối trên lishogi: { $link } (tệp KIF hoặc CSA nhập được cả ván).

## Từ chối

shogi-illegal = { $reason ->
        [empty-square] Ô bạn đi từ không có quân nào.
        [not-yours] Quân đó là của đối thủ.
        [own-piece] Bạn không thể ăn quân của chính mình.
        [cannot-move-there] Quân đó không đi tới đó được (sai hướng, quá xa, hoặc bị chặn đường).
        [cannot-promote] Quân đó không thể phong cấp ở nước này: phong cấp cần đi vào, đi trong hoặc đi ra khỏi ba hàng xa nhất, và kim tướng, vua cùng quân đã phong không bao giờ phong.
        [must-promote] Quân này bắt buộc phải phong ở đây, nếu không nó sẽ không bao giờ đi tiếp được.
        [not-in-hand] Bạn không có { $role ->
            [pawn] tốt
            [lance] hương xa
            [knight] mã
            [silver] tướng bạc
            [gold] tướng vàng
            [bishop] tượng
            [rook] xe
           *[other] quân đó
        } trong tay.
        [occupied] Chỉ được thả quân vào ô trống.
        [no-further-move] Không được thả quân vào chỗ nó sẽ không bao giờ đi tiếp được.
        [nifu] Nifu: bạn đã có một tốt chưa phong trên cột đó.
        [uchifuzume] Uchifuzume: tốt được thả không được chiếu hết ngay.
       *[leaves-king-in-check] Nước này để vua của bạn bị chiếu.
    }
shogi-unreadable = Không đọc được `{ $text }` là một nước đi: hãy thử USI (`7g7f`, `P*5e`, `8h2b+`), ký hiệu phương Tây (`P-7f`, `Bx2b+`, `S*5e`) hoặc ký hiệu Nhật (`７六歩`, `同　銀`).
shogi-no-match = Không có nước đi hợp lệ nào của bạn khớp với `{ $text }`.
shogi-no-previous-move = 同 nghĩa là "ở ô của nước vừa đi", nhưng chưa có nước nào được đi.
shogi-impasse-not-yet = Chỉ được đòi tính điểm nhập cung khi cả hai vua đã vào trận địa đối phương.

## Trợ giúp

shogi-help = **Shogi** (cờ tướng Nhật), trò chơi thả quân và phong cấp.
    • `/shogi thach-dau [doi-thu] [di-truoc]`: thách một người (hoặc mọi người, nếu bỏ trống đối thủ); người đi trước do furigoma (tung năm quân tốt), hoặc bạn, hoặc đối thủ.
    • Đến lượt bạn, nút **Chọn nước đi** dưới bàn cờ mở bộ chọn riêng: chọn một quân (hoặc quân trong tay), nơi nó đến, rồi có phong cấp hay không khi được chọn. Hoặc gõ `/shogi di` theo USI (`7g7f`, `P*5e`, `8h2b+`), ký hiệu phương Tây (`P-7f`, `Bx2b+`, `S*5e`) hoặc ký hiệu Nhật (`７六歩`, `同　銀`): khi bạn gõ, các nước hợp lệ được gợi ý.
    • **Xem từ phía hậu thủ** cho bạn xem bàn cờ quay ngược; **Đòi tính điểm nhập cung** hiện ra khi cả hai vua đã vào trận địa đối phương (cần 24 điểm). Bàn cờ đã kết thúc kèm tệp KIF, CSA, USI của ván và liên kết lishogi.
    • `/shogi choi-voi-may [muc-do]`: chơi với máy (dễ, vừa hoặc khó) ngay lập tức.
    • Mỗi nước có thời hạn (ghi dưới bàn cờ); ai hết giờ thì thua. Bàn cờ đã kết thúc có nút Chơi lại.
    • `/shogi ban-co`, `/shogi xin-thua`, `/shogi luat`: đăng lại bàn cờ, xin thua, luật chơi.
    • `/shogi bang-xep-hang`, `/shogi thong-ke`, `/shogi lich-su`, `/shogi xem-lai <van>`, `/shogi cac-van`: bảng xếp hạng, thành tích, lịch sử, xem lại và các ván shogi đang chơi trong máy chủ này.
