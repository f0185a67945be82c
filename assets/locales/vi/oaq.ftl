# Các tin nhắn riêng của Ô ăn quan bằng tiếng Việt: chú thích nước đi, chữ trên hình, luật chơi.
# Ô ăn quan's own messages in Vietnamese; see en/oaq.ftl for what each argument holds.

## The rules' name

preset-name = { $preset ->
        [standard] chuẩn
        [folk] dân gian
        [young] quan non
       *[custom] tùy chỉnh
    }
rules-name = { $changed_value ->
        [yes] { preset-name }, quan tính { $quan_value } điểm
       *[no] { preset-name }
    }
default-rules = { rules-name } (quan tính { $quan_value } điểm)
board-title = Ô ăn quan · { rules-name }

## Move captions

move-summary = { $mover } rải ô { $label } sang { $right ->
        [yes] phải →
       *[no] ← trái
    }{ $relays ->
        [0] {""}
       *[other] , bốc tiếp { $relays } lần
    } và { $captures ->
        [0] không ăn được gì
       *[other] ăn { $captured }
    }.
captured-stones = { $n } quân dân
captured-west = quan bên trái
captured-east = quan bên phải
list-and = { $init } và { $last }
refilled = Hàng của { $player } hết quân: bỏ 5 điểm ra rải mỗi ô một quân{ $borrowed ->
        [0] {""}
       *[other] , vay { $borrowed } điểm
    }.
totals = Đã ăn: { $south } { $south_points } · { $north } { $north_points }
game-ended = { $reason ->
        [mandarins_captured] **Hết ván**: cả hai quan đã bị ăn.
        [squares_empty] **Hết ván**: cả hai ô quan đều trống.
        [cannot_refill] **Hết ván**: một người không đủ điểm để rải lại hàng.
        [ply_limit] **Hết ván**: đã đi đủ 400 nước.
       *[repetition] **Hết ván**: một thế cờ đã lặp lại ba lần.
    }
final-count = { $name }: ăn { $captured } + { $collected } trên hàng = { $total }

## The picture

panel-captured = đã ăn { $points }
status-to-move = Đến lượt { $name }
status-wins = { $name } thắng { $high }–{ $low }
status-resigned = { $name } thắng do đối thủ xin thua
status-draw = Hòa { $points }–{ $points }
status-timed-out = { $name } thắng do đối thủ hết giờ

## Refusals

illegal = { $reason ->
        [game_over] Ván này đã kết thúc.
        [not_your_square] Bạn chỉ được chọn một trong năm ô của mình.
        [empty_square] Ô đó trống: hãy chọn ô có ít nhất một quân.
        [first_move_mandarin_capture] Theo luật này, nước đi đầu tiên của ván không được ăn quan: hãy chọn nước khác.
       *[endless_sowing] Nước đi đó sẽ rải mãi không dừng: hãy chọn nước khác.
    }

## The rules, one line each (`/oaq rules`)

rules-summary = { $in_play ->
        [yes] **Luật của ván này: { rules-name }**
       *[no] **Kênh này chưa có ván nào; luật mặc định là { rules-name }**
    }
rules-sowing = • Đến lượt, bạn chọn một trong năm ô của mình còn quân và một hướng. Quân được rải lần lượt, mỗi ô một quân.
rules-capturing = • Nếu ô sau quân cuối cùng còn quân, bạn bốc lên và rải tiếp. Nếu ô đó trống và ô kế tiếp có quân, bạn ăn số quân ấy (và ăn tiếp qua mỗi ô trống xen kẽ).
rules-values = • Mỗi quân dân tính 1 điểm; quân quan tính { $quan_value } điểm.
rules-empty-mandarin = { $gap ->
        [yes] • Ô quan trống được tính là ô trống để ăn qua.
       *[no] • Gặp ô quan trống thì hết lượt.
    }
rules-occupied-mandarin = { $rule ->
        [take_one] • Gặp ô quan còn quân: lấy một quân dân trong đó và rải tiếp.
       *[end] • Gặp ô quan còn quân thì hết lượt.
    }
rules-young-mandarin = • Quan non: ô quan có ít hơn { $quan_non } quân dân thì chưa được ăn.
rules-first-move = { $rule ->
        [illegal] • Nước đi đầu tiên của ván không được ăn quan.
       *[stop] • Nước đi đầu tiên của ván dừng ăn khi gặp ô quan.
    }
rules-refill = { $rule ->
        [borrow] • Đến lượt mà hàng của bạn hết quân, bạn bỏ 5 điểm ra rải mỗi ô một quân (thiếu thì vay của đối thủ).
        [lose] • Đến lượt mà hàng của bạn hết quân, bạn bỏ 5 điểm ra rải mỗi ô một quân; không đủ thì thua.
       *[end] • Đến lượt mà hàng của bạn hết quân, bạn bỏ 5 điểm ra rải mỗi ô một quân; không đủ thì ván kết thúc và đếm điểm.
    }
rules-end = { $rule ->
        [mandarins_captured] • Ván kết thúc khi cả hai quan đã bị ăn; mỗi người cộng thêm số quân trên hàng mình. Ai nhiều điểm hơn thì thắng.
       *[squares_empty] • Ván kết thúc khi cả hai ô quan đều trống; mỗi người cộng thêm số quân trên hàng mình. Ai nhiều điểm hơn thì thắng.
    }
rules-safety-valves = • Ván cũng kết thúc (và đếm điểm) sau 400 nước hoặc khi một thế cờ lặp lại ba lần.

## Help (`/oaq huong-dan`)

help = **Ô ăn quan**, trò chơi dân gian Việt Nam.
    • `/oaq thach-dau [doi-thu] [luat] [gia-quan] [di-truoc]`: thách một người (hoặc mọi người, nếu bỏ trống đối thủ). Luật: chuẩn, dân gian hoặc quan non; quan tính 10 hoặc 5 điểm; người đi trước do oẳn tù tì, tung đồng xu, bạn hoặc đối thủ.
    • Chơi bằng các nút dưới bàn cờ: con số là ô (như trên hình) và mũi tên là hướng rải quân.
    • `/oaq choi-voi-may [muc-do] [luat] [gia-quan]`: chơi với máy ngay (dễ, vừa hoặc khó; mặc định là vừa), hoặc thách chính bot. Bạn đi trước.
    • Mỗi nước có giới hạn thời gian (ghi dưới bàn cờ); ai hết giờ thì thua. Bàn cờ đã xong có nút Chơi lại.
    • `/oaq ban-co`: đăng lại bàn cờ hiện tại của kênh.
    • `/oaq xin-thua`: xin thua ván của bạn trong kênh.
    • `/oaq luat`: luật đang áp dụng.
    • `/oaq bang-xep-hang [trang]` và `/oaq thong-ke [nguoi-choi]`: hệ số của máy chủ (Glicko-2; hệ số có dấu ? là tạm tính).
    • `/oaq lich-su [nguoi-choi]`, `/oaq xem-lai <van>`: các ván đã kết thúc, và ảnh động của một ván kèm biên bản.
    • `/oaq cac-van`: các ván đang chơi trong máy chủ, để xem.
    • `/oaq cai-dat`: luật mặc định, thời gian mỗi nước và các kênh được chơi của máy chủ (chỉ người có quyền Quản lý máy chủ).
    Mỗi kênh một ván hoặc một lời thách: dùng luồng (thread) để chơi nhiều ván cùng lúc.
