# Phần Cờ nhảy của bộ văn bản (tiếng Việt). Mọi id bắt đầu bằng `checkers-`.

checkers-rules-name = { $options ->
        [none] chuẩn
       *[other] chuẩn, thêm { $options }
    }
checkers-rules-summary = { $in_play ->
        [yes] **Luật của ván này: cờ nhảy theo luật chuẩn{ $options ->
            [none] {""}
           *[other] , thêm { $options }
        }**
       *[no] **Kênh này chưa có ván nào; cờ nhảy được chơi theo luật chuẩn**
    }
    • Mỗi lượt, người chơi đi một quân: một bước sang lỗ trống bên cạnh, hoặc một chuỗi nhảy qua từng quân đơn vào lỗ trống ngay phía sau.
    • Ai đưa hết quân của mình vào tam giác đối diện trước thì thắng; quân lạ còn nằm trong đích của bạn có thể được đổi chỗ ra.
    • Người xin thua hoặc hết giờ sẽ rời ván; quân của họ vẫn ở trên bàn và những người còn lại chơi tiếp.
checkers-help = **Cờ nhảy**: đưa các quân của bạn qua ngôi sao sang tam giác đối diện.
    • `/co-nhay mo-ban [so-nguoi] [so-bo] [tuy-chon]`: mở một bàn cho 2 đến 6 người; người khác bấm *Vào bàn*, ai đã ngồi đều có thể *Thêm máy*, và chủ bàn bấm *Bắt đầu* (bàn đủ người tự bắt đầu). Tung đồng xu chọn người đi trước, rồi lần lượt theo chiều kim đồng hồ.
    • `/co-nhay thach-dau [doi-thu]`: ván hai người; `/co-nhay choi-voi-may [muc-do]`: chơi với máy ngay.
    • Đến lượt, bấm *Chọn nước đi*: chọn một quân, rồi chọn nơi đến (một bước, hoặc cuối một chuỗi nhảy, kèm đường đi `D2>F4>H6`); hoặc gõ `/co-nhay di D2-F4`.
    • Mỗi nước có thời hạn (ghi dưới bàn cờ); ai hết giờ sẽ rời ván.
checkers-moved = { $player } đi { $path }.
checkers-passed = { $player } không đi được và bỏ lượt.
checkers-title = Cờ nhảy
checkers-pegs-home = { $home } quân về đích
checkers-status-to-move = Đến lượt { $name }
checkers-status-won = { $names } thắng
checkers-footer = Nước đi: từ lỗ sang lỗ, ví dụ D2-F4
checkers-colour = { $triangle ->
        [0] xanh dương (bắc)
        [1] cam (đông bắc)
        [2] xanh lá (đông nam)
        [3] đỏ (nam)
        [4] xanh da trời (tây nam)
       *[5] hồng (tây bắc)
    }
checkers-detail-left = đã rời ván
checkers-detail-place = hạng { $place }
checkers-peg = Quân { $hole }
checkers-step-to = Bước sang { $to }
checkers-hops-to = Nhảy đến { $to } ({ $path })
checkers-pass = Bỏ lượt (không còn nước đi)
checkers-illegal = Nước đi đó không được phép: { $why }.
