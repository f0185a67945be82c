# Phần Cờ nhảy của bộ văn bản (tiếng Việt). Mọi id bắt đầu bằng `checkers-`.

checkers-rules-name = chuẩn
checkers-rules-summary = { $in_play ->
        [yes] **Luật của ván này: cờ nhảy theo luật chuẩn**
       *[no] **Kênh này chưa có ván nào; cờ nhảy được chơi theo luật chuẩn**
    }
    • Mỗi lượt, người chơi đi một quân: một bước sang lỗ trống bên cạnh, hoặc một chuỗi nhảy qua từng quân đơn vào lỗ trống ngay phía sau.
    • Ai đưa hết quân của mình vào tam giác đối diện trước thì thắng; quân lạ còn nằm trong đích của bạn có thể được đổi chỗ ra.
    • Người xin thua hoặc hết giờ sẽ rời ván; quân của họ vẫn ở trên bàn và những người còn lại chơi tiếp.
checkers-help = **Cờ nhảy**: đưa các quân của bạn qua ngôi sao sang tam giác đối diện.
    • `/co-nhay thach-dau [doi-thu] [di-truoc]`: thách một người (hoặc mọi người); `/co-nhay choi-voi-may [muc-do]`: chơi với máy ngay.
    • Chọn nước đi từ các menu dưới bàn cờ: mỗi menu liệt kê nước đi của quân bạn từ lỗ này sang lỗ kia, kèm các bước nhảy trên đường (`D2>F4>H6`).
    • Mỗi nước có thời hạn (ghi dưới bàn cờ); ai hết giờ sẽ rời ván.
checkers-moved = { $player } đi { $path }.
checkers-passed = { $player } không đi được và bỏ lượt.
checkers-title = Cờ nhảy
checkers-pegs-home = { $home } quân về đích
checkers-status-to-move = Đến lượt { $name }
checkers-status-won = { $names } thắng
checkers-footer = Nước đi: từ lỗ sang lỗ, ví dụ D2-F4
checkers-pick-move = Chọn nước đi
checkers-illegal = Nước đi đó không được phép: { $why }.
