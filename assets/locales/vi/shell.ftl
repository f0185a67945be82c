# Các tin nhắn của phần vỏ bằng tiếng Việt: lời thách, lượt đi, kết thúc ván, hệ số, lịch sử,
# cài đặt. Tin nhắn riêng của mỗi trò chơi nằm trong tệp riêng (oaq.ftl cho Ô ăn quan).
#
# The shell's messages in Vietnamese; see en/shell.ftl for what each argument holds.

## Fragments that other messages use

game-name = { $game ->
        [oaq] Ô ăn quan
        [shogi] Shogi
       *[chinese_checkers] Cờ nhảy
    }
game-command = { $root ->
        [shogi] shogi
        [chinese_checkers] co-nhay
       *[oaq] oaq
    }
challenge-first = { $first ->
        [rps] oẳn tù tì để chọn người đi trước
        [coin] { $game ->
            [shogi] furigoma (tung năm quân tốt) để chọn người đi trước
           *[other] tung đồng xu để chọn người đi trước
        }
        [anyone] người nhận lời đi trước
       *[player] { $starter } đi trước
    }
link-suffix = {" "}({ $link })
link-after-colon = : { $link }
versus = {" "}đấu{" "}
duration-part = { $n } { $unit ->
        [day] ngày
        [hour] giờ
        [minute] phút
       *[second] giây
    }
channels-anywhere = mọi kênh
channels-more = và { $count } kênh khác
level-name = { $level ->
        [easy] dễ
        [medium] vừa
       *[hard] khó
    }
first-setting = { $first ->
        [rps] oẳn tù tì
        [coin] tung đồng xu
        [challenger] người thách
       *[opponent] người được thách
    }
won-how = { $finish ->
        [resigned] {" "}do đối thủ xin thua
        [timed_out] {" "}do đối thủ hết giờ
       *[board] {""}
    }
rps-tie = Hòa: cả hai cùng ra { $hand }. Chọn lại nào!

## Challenges

challenge-direct = { $challenger } thách { $opponent } một ván **{ game-name }** (luật { $rules }; { challenge-first }). Lời thách hết hạn <t:{ $expires }:R>.
challenge-open = { $challenger } đang tìm đối thủ chơi **{ game-name }** (luật { $rules }; { challenge-first }). Ai cũng có thể nhận lời. Lời thách hết hạn <t:{ $expires }:R>.
not-a-move = Đó không phải là một nước đi của trò chơi này.
move-played = Bạn đã đi `{ $mv }`{ $link }.
accept = Nhận lời
decline = Từ chối
cancel = Hủy
cannot-challenge-self = Bạn không thể tự thách chính mình. Hãy chọn người khác, hoặc bỏ trống đối thủ để thách mọi người.
cannot-challenge-bot = Bot không chơi { game-name } ở đây được. Hãy thách một người, hoặc bỏ trống đối thủ để thách mọi người.
channel-has-game = Kênh này đang có một ván{ $link }. Mỗi kênh chỉ có một ván hoặc một lời thách: hãy mở một luồng (thread) và thách trong đó để chơi cùng lúc.
channel-has-challenge = Kênh này đang có một lời thách chờ{ $link }. Mỗi kênh chỉ có một ván hoặc một lời thách: hãy nhận lời, hoặc mở một luồng (thread) và thách trong đó.
challenge-is-for-someone-else = Lời thách này dành cho { $opponent }.
cannot-accept-own-challenge = Bạn không thể nhận lời thách của chính mình.
only-challenger-cancels = Chỉ { $challenger } mới hủy được lời thách này.
only-opponent-declines = Chỉ người được thách mới từ chối được lời thách này.
challenge-gone = Lời thách này không còn nữa.
challenge-expired = Lời thách của { $challenger } đã hết hạn: không ai vào chơi kịp.
challenge-declined = { $opponent } đã từ chối lời thách của { $challenger }.
challenge-cancelled = { $challenger } đã hủy lời thách.
rps-prompt = { $tie }{ $challenger } và { $opponent }: oẳn tù tì chọn người đi trước! Chọn bằng các nút bên dưới; không ai thấy lựa chọn của bạn cho đến khi cả hai đã chọn.
hand = { $hand ->
        [rock] 🪨 Búa
        [paper] 📄 Bao
       *[scissors] ✂️ Kéo
    }
rps-picked = Bạn đã ra { hand }. Đang chờ { $waiting_for }.
rps-already-picked = Bạn đã ra { hand } ở lượt này rồi.
rps-not-yours = Chỉ hai người chơi mới được chọn ở đây.
first-by-rps = { $winning } thắng { $losing }: { $winner } đi trước.
first-by-coin = Tung đồng xu: { $winner } đi trước.
first-fixed = { $first } đi trước.

## Playing

to-move = Đến lượt { $player }.
wins = **{ $winner } thắng!**
draw = **Hòa!**
resigned = { $loser } đã xin thua. **{ $winner } thắng!**
resign = Xin thua
rules-button = Luật chơi
confirm-resign = Xin thua ván này? { $opponent } sẽ thắng. Bỏ qua tin nhắn này để chơi tiếp.
yes-resign = Đúng, xin thua
you-resigned = Bạn đã xin thua.
not-your-turn = Đang là lượt của { $player }, chưa đến lượt bạn.
not-a-player = Bạn không chơi trong ván này. Hãy bắt đầu ván của mình bằng một lời thách: `/oaq thach-dau`, `/shogi thach-dau` hoặc `/co-nhay thach-dau`.
out-of-date = Bàn cờ này đã cũ: ván đấu đã đi tiếp{ $link }.{ $to_move ->
        [none] {""}
       *[other] {" "}Đến lượt { $to_move }. Đây là thế cờ hiện tại:
    }
board-posted-again = Bản sao này của bàn cờ không còn dùng được: ván đấu tiếp tục trên bàn cờ mới đăng{ $link }.
lost-race = Một cú bấm khác đã đến trước nên nước của bạn chưa được đi. Hãy xem bàn cờ mới rồi thử lại.
database-down = Hiện không kết nối được với cơ sở dữ liệu của các ván nên chưa có gì thay đổi. Hãy thử lại sau giây lát.
game-over = Ván này đã kết thúc.
play-on-board = Chơi trên bàn cờ
page-not-here = Ván này không được chơi trong kênh đã mở Activity. Hãy mở Activity trong kênh của ván.
page-signed-out = Phiên của bạn đã hết hạn hoặc không hợp lệ nên chưa có gì thay đổi. Hãy đóng Activity rồi mở lại.
page-sign-in-failed = Discord không chấp nhận việc đăng nhập. Hãy đóng Activity rồi mở lại.
page-garbled = Không đọc được yêu cầu đó nên chưa có gì thay đổi.
page-no-process = Không liên lạc được với phần của bot giữ các ván của máy chủ này. Hãy báo cho người vận hành bot (thiết lập activity.peers).
page-accept-in-channel = Lời thách này chọn người đi trước bằng oẳn tù tì: hãy nhận lời dưới tin nhắn của nó trong kênh, nơi mọi người ra tay.
no-game-here = Kênh này chưa có ván nào. Hãy bắt đầu bằng `/{ game-command } thach-dau`.
only-challenge-here = Kênh này chưa có ván nào, chỉ có một lời thách đang chờ nhận lời{ $link }.
resigned-announcement = { $loser } đã xin thua. **{ $winner } thắng!** Bàn cờ cuối cùng ở phía trên.
thinking = { $player } đang suy nghĩ…
open-picker = Chọn nước đi
picker-prompt = { $chosen ->
        [none] Nước đi của bạn: chọn một quân.
       *[other] Nước đi của bạn: { $chosen } → chọn tiếp.
    }
back = Quay lại
picker-menu = { $first } … { $last } (danh sách { $part }/{ $parts })
picker-earlier = Các lựa chọn trước
picker-more = Thêm lựa chọn
which-move = `{ $typed }` có thể là nhiều nước đi: bạn muốn nước nào?
turn-ends = Thời gian cho nước này hết <t:{ $deadline }:R>.
timed-out = { $loser } đã hết giờ. **{ $winner } thắng!**
computer-name = { $name } ({ level-name })
computer-game = { $player } chơi với máy (mức { level-name }). { $player_first ->
        [yes] Bạn đi trước.
       *[no] Máy đi trước.
    }
bot-record = Thành tích của { $player } với máy mức { level-name }: thắng { $wins }, hòa { $draws }, thua { $losses }.
earlier-moves = … { $count } nước đi trước đó không được hiển thị.
rematch = Chơi lại
game-not-over = Ván này vẫn đang diễn ra: hãy chơi xong (hoặc xin thua) trước đã.
analyse = Phân tích
analysis-title = **Phân tích ván `{ $game }`**: máy tính trước { $depth } nước từ mỗi thế cờ; nước đi tốt hơn là lựa chọn của máy.
analysis-player = **{ $name }**, những nước đi sai nặng nhất:
analysis-mistake = - Nước thứ { $number }: đã đi `{ $played }`, lẽ ra nên đi `{ $better }` ({ $cost ->
        [lost-win] bỏ lỡ một thế thắng chắc
        [into-loss] tự đi vào thế thua chắc
       *[points] mất { $points } điểm
    })
analysis-clean = **{ $name }**: máy không tìm ra nước đi sai nào.
analysis-not-over = Chỉ phân tích được ván đã kết thúc: không có gợi ý khi ván còn đang chơi.
analysis-unavailable = Trò chơi này không có phần phân tích.
played-in-thread = Ván đấu được chơi trong luồng (thread) của tin nhắn này.
thread-name = { game-name }: { $names }

## Settings

settings-summary = **{ $changed ->
        [yes] Đã cập nhật cài đặt của máy chủ
       *[no] Cài đặt của máy chủ
    }**
    • Luật mặc định: { $rules }
    • Người đi trước: { first-setting }
    • Thời gian mỗi nước: { $turn }
    • Lời thách hết hạn sau: { $challenge }
    • Mỗi ván một luồng riêng: { $threads ->
        [yes] có
       *[no] không
    }
    • Được chơi ở: { $channels }
settings-only-in-servers = Cài đặt thuộc về một máy chủ: hãy dùng `/{ game-command } cai-dat` trong máy chủ.
needs-manage-server = Chỉ thành viên có quyền **Quản lý máy chủ** mới xem hoặc đổi được các cài đặt này.
turn-timeout-out-of-range = Thời gian mỗi nước phải từ { $min } đến { $max }.
challenge-timeout-out-of-range = Thời hạn lời thách phải từ { $min } đến { $max }.
too-many-channels = Một máy chủ chỉ cho chơi trong tối đa { $max } kênh: hãy bỏ bớt một kênh trước khi thêm kênh khác.
channel-not-allowed = Máy chủ này không cho chơi trong kênh này. Hãy thử { $channels }.

## Ratings

rating-change = { $name }: hệ số { $before } → { $after }{ $provisional ->
        [yes] ?
       *[no] {""}
    } ({ $change })
only-in-servers = Hệ số, bảng xếp hạng và danh sách ván đấu được tính riêng cho từng máy chủ: hãy dùng lệnh này trong một máy chủ.
leaderboard-empty = Máy chủ này chưa có ai được xếp hạng: bảng xếp hạng bắt đầu từ ván đầu tiên giữa hai người chơi.
no-such-page = Bảng xếp hạng chỉ có { $pages } trang.
leaderboard-caption = 🏆 Bảng xếp hạng **{ game-name }** của máy chủ, trang { $page }/{ $pages }.
leaderboard-title = Bảng xếp hạng { game-name }
leaderboard-subtitle = Trang { $page }/{ $pages } · { $players } người chơi được xếp hạng
column-rank = Hạng
column-player = Người chơi
column-rating = Hệ số
column-record = Thắng / hòa / thua
rating-value = { $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    }
provisional-legend = ? tạm tính: chưa đủ số ván để hệ số ổn định
previous-page = ◀ Trước
next-page = Sau ▶
stats-none = { $player } chưa chơi xong ván nào được tính hệ số trong máy chủ này.
stats-summary = Hệ số **{ game-name }** của { $player }: **{ $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    }** (± { $spread }){ $provisional ->
        [yes] , tạm tính
       *[no] {""}
    }{ $ranked ->
        [yes] , hạng { $rank }/{ $players }
       *[no] {""}
    }.
    Thắng { $wins }, hòa { $draws }, thua { $losses } trong { $games } ván được tính hệ số.
chart-title = Hệ số của { $name }
chart-axis = số ván được tính

## History and replays

recent-games-of = Các ván gần đây của { $player }:
recent-games-here = Các ván gần đây trong máy chủ:
no-finished-games = Chưa có ván nào kết thúc.
history-line = `{ $game }` <t:{ $ended }:d> { $standing ->
        [won] **thắng** { $opponent }{ won-how }
        [drew] hòa với { $opponent }
       *[lost] thua { $opponent }
    }{ $change }
server-history-line = `{ $game }` <t:{ $ended }:d> { $players }: { $winner ->
        [none] hòa
       *[other] { $winner } thắng{ won-how }
    }
no-such-game = Ở đây không có ván { $game }. `/{ game-command } lich-su` liệt kê các ván đã kết thúc kèm số hiệu.
replay-caption = Xem lại ván `{ $game }`: { $players }, { $plies } nước. Biên bản bên dưới có thể chơi lại bằng công cụ dòng lệnh của engine.
# $every: ảnh động vẽ bàn cờ sau mỗi $every nước, 0 khi bỏ hẳn ảnh động; $frames trong $all
# khung hình của ảnh động đầy đủ; $limit: giới hạn tải lên của máy chủ ("10 MB").
replay-left-out = { $every ->
        [0] Không gửi ảnh động: chỉ riêng khung hình đầu và cuối cũng đã vượt giới hạn tải lên của máy chủ này ({ $limit }).
       *[other] Để không vượt giới hạn tải lên của máy chủ này ({ $limit }), ảnh động chỉ vẽ bàn cờ sau mỗi { $every } nước: { $frames } khung hình thay vì { $all }. Biên bản bên dưới có đủ mọi nước.
    }
record-result = Kết quả: { $finish ->
        [none] đang chơi
       *[other] { $drawn ->
            [yes] hòa
           *[no] { $winner } thắng{ won-how }
        }
    }
record-replay-with = Chơi lại bằng:
record-cut = … và { $left_out } nước nữa: quá dài cho một tin nhắn, hãy xem ảnh động.
replay-frame = { $ply ->
        [0] Bắt đầu
       *[other] Nước { $ply }/{ $plies }
    }
running-games = Các ván đang chơi trong máy chủ (ai cũng có thể xem):
running-game = • `{ $game }` { $players }, đã đi { $plies } nước{ $link }
running-games-page = Trang { $page }/{ $pages } · tất cả { $games } ván đang chơi.
no-running-games = Hiện không có ván nào đang chơi trong máy chủ. Hãy bắt đầu bằng `/{ game-command } thach-dau`.

## Errors

damaged = Ván đã lưu của kênh này bị hỏng và không đọc được. Không có gì bị thay đổi và bản ghi được giữ lại để kiểm tra: hãy báo cho người quản lý bot.
unknown-button = Tôi không nhận ra nút này (có thể nó thuộc một phiên bản cũ của bot). Dùng lệnh `ban-co` của trò chơi (`/oaq ban-co`, `/shogi ban-co` hoặc `/co-nhay ban-co`) để lấy bàn cờ mới.
button-elsewhere = Nút này thuộc về một lời thách hoặc ván cờ ở kênh khác nên không có tác dụng ở đây.
button-not-here = Nút này không thuộc về tin nhắn vừa được bấm nên không có tác dụng. Không có gì thay đổi.
apology = Xin lỗi, bên tôi có trục trặc và chưa có gì bị thay đổi. Bạn thử lại sau giây lát nhé.
restarting = Tôi đang khởi động lại nên vài giây tới chưa nhận nước đi; chưa có gì bị thay đổi. Bạn thử lại sau giây lát nhé.
served-elsewhere = Máy chủ này do một phiên bản khác của bot phụ trách, phiên bản này không được động vào các ván ở đây; chưa có gì bị thay đổi. Hãy báo cho người vận hành bot.

## Lobbies: tables of several players

lobby-title = { $host } đã mở một bàn **{ game-name }** (luật { $rules }; { $counts } người chơi). Vào bàn bằng các nút bên dưới!
lobby-seat = { $number }. { $colour ->
        [none] {""}
       *[other] { $colour }:{" "}
    }{ $player ->
        [none] *còn trống*
       *[other] { $player }
    }
lobby-footer = Bàn đủ người sẽ tự bắt đầu; chủ bàn có thể bắt đầu sớm hơn. Tung đồng xu chọn người đi trước, rồi lần lượt theo chiều kim đồng hồ. Bàn đóng <t:{ $expires }:R>.
join = Vào bàn
leave = Rời bàn
start-game = Bắt đầu ({ $players } người)
add-computer = Thêm máy…
add-computer-at = Thêm máy ({ level-name })
remove-computer = Bớt một máy
lobby-full = Bàn này đã đủ người.
already-seated = Bạn đã có chỗ ở bàn này.
not-seated = Chỉ người đã ngồi ở bàn này mới làm được việc đó: hãy vào bàn trước.
only-host-starts = Chỉ { $host } mới bắt đầu hoặc đóng được bàn này.
no-computer-seated = Không có máy nào ngồi ở bàn này.
cannot-start-with = Trò này không thể bắt đầu với { $count } người: cần { $counts } người.
lobby-expired = Bàn của { $host } đã đóng: ván đấu không bắt đầu kịp.
lobby-cancelled = { $host } đã đóng bàn.
left-game = { $timed_out ->
        [yes] { $player } đã hết giờ và rời ván; những người còn lại chơi tiếp.
       *[no] { $player } đã xin thua và rời ván; những người còn lại chơi tiếp.
    }
place-line = { $place ->
        [1] 🥇 Hạng 1: { $player }
        [2] 🥈 Hạng 2: { $player }
        [3] 🥉 Hạng 3: { $player }
       *[other] Hạng { $place }: { $player }
    }
confirm-leave = Rời ván này? Bạn sẽ xếp cuối; quân của bạn vẫn ở trên bàn và những người còn lại chơi tiếp. Bỏ qua tin nhắn này để chơi tiếp.
rematch-at-new-table = Ván này có hơn hai người chơi: hãy mở bàn mới bằng `/co-nhay mo-ban`.
