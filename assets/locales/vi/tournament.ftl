# Phần giải đấu của danh mục (tiếng Việt). Mọi id bắt đầu bằng `tournament-`.
# $format: swiss, round_robin hoặc double_round_robin.

tournament-format = { $format ->
        [swiss] hệ Thụy Sĩ
        [round_robin] vòng tròn
       *[double_round_robin] vòng tròn hai lượt
    }
tournament-title = 🏆 **Giải { game-name } { tournament-format }** (luật { $rules }; { $rounds ->
        [0] số ván tùy số người chơi
       *[other] { $rounds } ván
    }; { $turn } mỗi nước), do { $organiser } tổ chức
tournament-entrants = **Người tham gia ({ $count }{ $limit ->
        [0] {""}
       *[other] /{ $limit }
    })**
tournament-more-entrants = …và { $count } người nữa
tournament-starts-at = Bắt đầu lúc <t:{ $at }:F> (<t:{ $at }:R>).
tournament-open-help = Bấm **Tham gia** để ghi danh. Người tổ chức (hoặc ai có quyền Quản lý máy chủ) bấm **Bắt đầu**; mỗi ván bắt đầu ngay trong một chủ đề riêng, không cần nhận lời. { $manual ->
        [yes] Người tổ chức bắt đầu mỗi ván tiếp theo bằng nút **Ván tiếp**.
       *[no] Mỗi ván bắt đầu ngay khi ván trước kết thúc.
    }
tournament-round-playing = **Ván { $round }/{ $rounds }** đang diễn ra: còn { $playing } trận chưa xong.
tournament-round-waiting = **Ván { $round }/{ $rounds }** đã xong. Người tổ chức bắt đầu ván tiếp bằng nút **Ván tiếp**.
tournament-finished = **Giải đã kết thúc.** { $count ->
        [one] Vô địch: { $winners }
       *[other] Đồng hạng nhất: { $winners }
    } với { $points } điểm.
tournament-cancelled = Giải này đã bị { $by } hủy.
tournament-too-few = Giải này đã bị hủy: có ít hơn hai người ghi danh trước giờ bắt đầu.
tournament-join = Tham gia
tournament-leave = Rút lui
tournament-start = Bắt đầu
tournament-cancel = Hủy
tournament-next-round = Ván tiếp
tournament-round-started = **Ván { $round }/{ $rounds }** đã bắt đầu: mỗi trận diễn ra trong chủ đề riêng bên dưới.
    { $pairings }{ $byes ->
        [none] {""}
       *[other] {"\u000A"}Được miễn đấu (tính thắng): { $byes }
    }
tournament-more-boards = …và { $count } bàn nữa: mọi cặp đấu có trong hình ở tin nhắn giải đấu.
tournament-pairing-line = Bàn { $board }: { $first } – { $second }
tournament-won = 🏆 { $count ->
        [one] { $winners } vô địch
       *[other] { $winners } đồng hạng nhất
    } giải { game-name } với { $points } điểm! Bảng xếp hạng cuối: { $link }
tournament-thread-name = Ván { $round }: { $first } gặp { $second }
tournament-game-intro = Giải đấu, ván { $round }: { $first } đi trước, gặp { $second }.
tournament-pairings-title = Bốc cặp: ván { $round }/{ $rounds }
tournament-standings-title = { $last ->
        [yes] Bảng xếp hạng chung cuộc
       *[no] Bảng xếp hạng sau ván { $round }
    }
tournament-crosstable-title = Bảng kết quả chéo
tournament-subtitle = { game-name } · { tournament-format } · { $players } người chơi
tournament-column = { $column ->
        [board] Bàn
        [first] { $game ->
            [oaq] Nam (đi trước)
            [shogi] Tiên thủ
           *[chinese_checkers] Đi trước
        }
        [second] { $game ->
            [oaq] Bắc
            [shogi] Hậu thủ
           *[chinese_checkers] Đi sau
        }
        [result] Kết quả
        [place] #
        [player] Người chơi
        [points] Điểm
        [bh1] BH-1
        [bh] BH
        [sb] SB
        [de] ĐĐ
        [wins] Thắng
        [rating] Elo
        [perf] Hiệu suất
       *[round] V
    }
tournament-bye = miễn đấu
tournament-legend = BH: Buchholz; BH-1: Buchholz bỏ thấp nhất; SB: Sonneborn–Berger; ĐĐ: đối đầu trực tiếp; Hiệu suất: hệ số thi đấu.
tournament-crosstable-legend = Mỗi ván: hạng của đối thủ, w/b là đi trước hay đi sau, và kết quả (1 thắng, ½ hòa, 0 thua; + miễn đấu, - vắng).
tournament-withdrawn-mark = (đã rút)
tournament-list-title = **Các giải { game-name } trong máy chủ này**
tournament-list-line = • { tournament-format }, { $players } người chơi: { $stage ->
        [open] đang nhận ghi danh
        [playing] ván { $round }/{ $rounds }
        [finished] đã kết thúc sau { $round } ván
       *[cancelled] đã hủy
    }{ $link }
tournament-list-empty = Máy chủ này chưa có giải { game-name } nào. Hãy mở giải bằng lệnh `tournament new`.
tournament-withdrew = Bạn đã rút khỏi giải: bạn sẽ không được bốc cặp nữa, kết quả đến giờ vẫn được tính.{ $playing ->
        [yes] {" "}Trận của bạn ở ván này vẫn đang diễn ra: hãy chơi tiếp, hoặc đầu hàng trong chủ đề của trận.
       *[no] {""}
    }
tournament-none = Không có giải { game-name } nào trong máy chủ này để làm việc này.
tournament-closed = Giải này không nhận thêm người.
tournament-already-in = Bạn đã ghi danh giải này rồi.
tournament-not-in = Bạn chưa ghi danh giải này.
tournament-full = Giải đã đủ người ({ $limit } người chơi).
tournament-organiser-only = Chỉ người tổ chức, { $organiser }, hoặc ai có quyền Quản lý máy chủ mới làm được việc này.
tournament-need-players = Giải cần ít nhất hai người chơi để bắt đầu.
tournament-round-not-over = Ván này vẫn đang diễn ra: ván tiếp theo bắt đầu khi trận cuối cùng kết thúc.
tournament-not-playing = Giải này không đang diễn ra.
tournament-rounds-range = Giải hệ Thụy Sĩ có từ 1 đến { $max } ván.
tournament-start-past = Thời điểm bắt đầu đã qua: hãy chọn một thời điểm trong tương lai, hoặc bỏ trống rồi bấm Bắt đầu.
tournament-two-players = Giải đấu gồm các trận hai người.
tournament-servers-only = Giải đấu chỉ tổ chức trong máy chủ, không trong tin nhắn riêng.
tournament-start-unreadable = Thời điểm bắt đầu phải là một dấu thời gian Discord như `<t:1767225600:F>` hoặc số giây tính từ năm 1970.
tournament-history-tag = giải { tournament-format }, ván { $round }
