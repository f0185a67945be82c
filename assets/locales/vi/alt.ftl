# Văn bản thay thế: điều trình đọc màn hình đọc lên cho mỗi hình bot đính kèm (Discord cho
# phép 1.024 ký tự). Viết để nghe: câu trọn vẹn, số viết bằng chữ số.

alt-more = … và { $n } mục nữa không đọc ra.
alt-to-move = Đến lượt { $name }.
alt-status = { $status }.

## Ô ăn quan
alt-oaq-title = Bàn Ô ăn quan.
alt-oaq-last = Nước vừa đi: { $name } rải từ ô { $square } sang { $right ->
        [yes] phải
       *[no] trái
    } trên hình.
alt-oaq-row = Các ô của { $name }, từ 1 đến 5 tính từ bên trái người ấy: { $stones }.
alt-oaq-mandarin = Ô quan { $side ->
        [west] phía tây
       *[east] phía đông
    }: { $stones } quân dân, { $quan ->
        [yes] quan vẫn còn
       *[no] quan đã bị ăn
    }.
alt-oaq-captured = Đã ăn: { $south } { $south_points }, { $north } { $north_points }.

## Shogi
alt-shogi-title = Bàn cờ Shogi.
alt-shogi-to-move = Đến lượt { $name } ({ alt-shogi-side }).
alt-shogi-side = { $colour ->
        [sente] tiên thủ
       *[gote] hậu thủ
    }
alt-shogi-check = Đang bị chiếu.
alt-shogi-last = Nước vừa đi: { $western }.
alt-shogi-impasse = Nước vừa đi: đòi tính điểm nhập cung.
alt-shogi-pieces = Quân của { alt-shogi-side } ({ $name }): { $pieces }.
alt-shogi-squares = { shogi-piece } { $squares }
alt-shogi-hand = Quân trong tay { alt-shogi-side }: { $pieces ->
        [none] không có
       *[other] { $pieces }
    }.
alt-shogi-in-hand = { $count } { shogi-piece }

## Cờ nhảy
alt-checkers-title = Bàn cờ nhảy, { $players } người chơi.
alt-checkers-seat = { $name }, { $colour }: { $home } quân đã về đích, còn { $left } quân phải đưa về{ $state ->
        [left] , đã rời ván
        [place] , về đích hạng { $place }
       *[playing] {""}
    }.
alt-checkers-moved = { $name } đi { $path }.
alt-checkers-passed = { $name } bỏ lượt.

## Bảng
alt-leaderboard = { $title }, trang { $page } trên { $pages }, { $players } người chơi.
alt-leaderboard-row = { $rank }. { $name }: điểm { $rating }{ $provisional ->
        [yes] , tạm tính
       *[no] {""}
    }; thắng { $wins }, hòa { $draws }, thua { $losses }.
alt-chart = Biểu đồ điểm của { $name }: { $games ->
        [0] chưa có ván tính điểm nào.
       *[other] { $games } ván tính điểm, từ { $first } đến { $last }; cao nhất { $high }, thấp nhất { $low }.
    }
alt-table = { $title }. { $subtitle }.
alt-pairing = Bàn { $board }: { $first } ({ $first_points }) gặp { $second } ({ $second_points }), { $result ->
        [first] { $first } thắng
        [second] { $second } thắng
        [draw] hòa
       *[none] đang đấu
    }.
alt-bye = { $name } ({ $points }) được miễn đấu.
alt-standing = Hạng { $place }: { $name }, { $points } điểm; { $breaks }.
alt-tie-break = { $key ->
        [bh1] Buchholz bỏ 1
        [bh] Buchholz
        [sb] Sonneborn–Berger
        [de] đối đầu trực tiếp
        [wins] số ván thắng
        [rating] điểm xếp hạng
       *[perf] hiệu suất
    } { $value }
alt-cross-row = Hạng { $place }: { $name }, { $points } điểm; { $rounds }.
alt-cross-round = vòng { $round } { $kind ->
        [bye] miễn đấu
        [none] không đấu
       *[game] { $result ->
            [win] thắng
            [draw] hòa
            [loss] thua
           *[none] đang đấu
        } với hạng { $opponent }, đi { $colour ->
            [first] trước
           *[second] sau
        }
    }

## Xem lại và biên bản
alt-replay = Hình động xem lại ván { game-name } số { $id }: { $players }; { $result }; { $plies } nước.
alt-record = Biên bản ván { $id } dạng văn bản ({ $format ->
        [engine] các nước cho dòng lệnh của engine
       *[other] { $format }
    }).
