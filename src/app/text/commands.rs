//! The slash commands' names and descriptions, in every language of the catalogue. The
//! Discord adapter (`src/discord/localize.rs`) applies them at start-up.

use crate::locale::Locale;

/// The name and description of a slash command, option or choice in one language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    /// What the user types (commands, options) or picks (choices).
    pub name: &'static str,
    /// The help line Discord shows under it (empty for choices, which have none).
    pub description: &'static str,
}

/// A slash command, option or choice, by key, in every language of the catalogue.
#[derive(Debug, Clone, Copy)]
pub struct CommandText {
    /// `oaq`, `oaq challenge`, `oaq challenge opponent` (an option), or `rules=folk` (a
    /// choice, by option and English name, shared by every command with that option).
    pub key: &'static str,
    /// English.
    pub english: Label,
    /// Vietnamese. Command and option names are written without tone marks, so they are
    /// as easy to type as the English ones; descriptions and choices are written in full.
    pub vietnamese: Label,
}

impl CommandText {
    /// The label in `locale`.
    pub fn label(&self, locale: Locale) -> Label {
        match locale {
            Locale::English => self.english,
            Locale::Vietnamese => self.vietnamese,
        }
    }
}

const fn entry(
    key: &'static str,
    english: (&'static str, &'static str),
    vietnamese: (&'static str, &'static str),
) -> CommandText {
    CommandText {
        key,
        english: Label {
            name: english.0,
            description: english.1,
        },
        vietnamese: Label {
            name: vietnamese.0,
            description: vietnamese.1,
        },
    }
}

/// Every slash command, option and choice of the bot, in English and Vietnamese. The
/// Discord adapter applies these at start-up; a test checks that every command the bot
/// registers has an entry here.
pub const COMMANDS: &[CommandText] = &[
    entry(
        "oaq",
        ("oaq", "Play Ô ăn quan, the Vietnamese mandarin-square game"),
        ("oaq", "Chơi Ô ăn quan, trò chơi dân gian Việt Nam"),
    ),
    entry(
        "oaq challenge",
        (
            "challenge",
            "Challenge someone (or anyone) to a game of Ô ăn quan",
        ),
        (
            "thach-dau",
            "Thách một người (hoặc mọi người) chơi một ván Ô ăn quan",
        ),
    ),
    entry(
        "oaq challenge opponent",
        (
            "opponent",
            "Who to play; leave empty for an open challenge anyone may accept",
        ),
        (
            "doi-thu",
            "Người bạn muốn thách; bỏ trống để ai cũng có thể nhận lời",
        ),
    ),
    entry(
        "oaq challenge rules",
        ("rules", "Rules preset (default: the server's, or standard)"),
        ("luat", "Bộ luật (mặc định: của máy chủ, hoặc chuẩn)"),
    ),
    entry(
        "oaq challenge quan_value",
        (
            "quan_value",
            "Points a mandarin is worth (default: the server's, or 10)",
        ),
        (
            "gia-quan",
            "Số điểm của một quân quan (mặc định: của máy chủ, hoặc 10)",
        ),
    ),
    entry(
        "oaq challenge first",
        (
            "first",
            "Who moves first (default: the server's, or rock-paper-scissors)",
        ),
        (
            "di-truoc",
            "Ai đi trước (mặc định: của máy chủ, hoặc oẳn tù tì)",
        ),
    ),
    entry(
        "oaq play",
        ("play", "Play the computer right away (you move first)"),
        ("choi-voi-may", "Chơi với máy ngay (bạn đi trước)"),
    ),
    entry(
        "oaq play level",
        ("level", "How strong the computer plays (default: medium)"),
        ("muc-do", "Máy chơi mạnh đến đâu (mặc định: vừa)"),
    ),
    entry(
        "oaq play rules",
        ("rules", "Rules preset (default: standard)"),
        ("luat", "Bộ luật (mặc định: chuẩn)"),
    ),
    entry(
        "oaq play quan_value",
        ("quan_value", "Points a mandarin is worth (default: 10)"),
        ("gia-quan", "Số điểm của một quân quan (mặc định: 10)"),
    ),
    entry(
        "oaq settings",
        (
            "settings",
            "Server settings: default rules, first player, timeouts, allowed channels",
        ),
        (
            "cai-dat",
            "Cài đặt máy chủ: luật mặc định, người đi trước, thời gian, kênh được chơi",
        ),
    ),
    entry(
        "oaq settings rules",
        ("rules", "Default rules preset of new challenges"),
        ("luat", "Bộ luật mặc định cho các lời thách mới"),
    ),
    entry(
        "oaq settings quan_value",
        ("quan_value", "Default points a mandarin is worth"),
        ("gia-quan", "Số điểm mặc định của một quân quan"),
    ),
    entry(
        "oaq settings first",
        ("first", "Default way to choose who moves first"),
        ("di-truoc", "Cách mặc định để chọn người đi trước"),
    ),
    entry(
        "oaq settings turn_timeout_minutes",
        (
            "turn_timeout_minutes",
            "Minutes per move (1 to 10080 = 7 days)",
        ),
        (
            "phut-moi-nuoc",
            "Số phút cho mỗi nước (1 đến 10080 = 7 ngày)",
        ),
    ),
    entry(
        "oaq settings challenge_timeout_minutes",
        (
            "challenge_timeout_minutes",
            "Minutes before a challenge expires (1 to 1440)",
        ),
        (
            "phut-loi-thach",
            "Số phút trước khi lời thách hết hạn (1 đến 1440)",
        ),
    ),
    entry(
        "oaq settings allow_channel",
        (
            "allow_channel",
            "Allow games in this channel (then only in the listed channels)",
        ),
        (
            "cho-phep-kenh",
            "Cho phép chơi trong kênh này (khi đó chỉ chơi ở các kênh đã chọn)",
        ),
    ),
    entry(
        "oaq settings remove_channel",
        ("remove_channel", "No longer allow games in this channel"),
        ("bo-kenh", "Không cho chơi trong kênh này nữa"),
    ),
    entry(
        "oaq settings any_channel",
        ("any_channel", "Allow games in every channel again"),
        ("moi-kenh", "Cho phép chơi ở mọi kênh trở lại"),
    ),
    entry(
        "oaq settings threads",
        (
            "threads",
            "Play each accepted challenge in its own public thread",
        ),
        (
            "luong-rieng",
            "Chơi mỗi ván trong một luồng (thread) công khai riêng",
        ),
    ),
    entry(
        "oaq leaderboard",
        (
            "leaderboard",
            "This server's Ô ăn quan ratings, ten players a page",
        ),
        (
            "bang-xep-hang",
            "Hệ số Ô ăn quan của máy chủ này, mười người mỗi trang",
        ),
    ),
    entry(
        "oaq leaderboard page",
        ("page", "The page to show (default: the first)"),
        ("trang", "Trang muốn xem (mặc định: trang đầu)"),
    ),
    entry(
        "oaq stats",
        (
            "stats",
            "A player's rating, record, recent games and rating chart in this server",
        ),
        (
            "thong-ke",
            "Hệ số, thành tích, các ván gần đây và biểu đồ hệ số của một người chơi",
        ),
    ),
    entry(
        "oaq stats player",
        ("player", "Whose statistics (default: yours)"),
        ("nguoi-choi", "Thống kê của ai (mặc định: của bạn)"),
    ),
    entry(
        "oaq history",
        (
            "history",
            "Recent finished games of a player, or of this server",
        ),
        (
            "lich-su",
            "Các ván đã kết thúc gần đây của một người chơi, hoặc của máy chủ",
        ),
    ),
    entry(
        "oaq history player",
        ("player", "Whose games (default: the whole server's)"),
        ("nguoi-choi", "Các ván của ai (mặc định: cả máy chủ)"),
    ),
    entry(
        "oaq replay",
        (
            "replay",
            "An animation of a game, move by move, with its record",
        ),
        (
            "xem-lai",
            "Ảnh động của một ván, từng nước một, kèm biên bản",
        ),
    ),
    entry(
        "oaq replay game",
        ("game", "The game's number, as `/oaq history` lists it"),
        ("van", "Số hiệu của ván, như `/oaq lich-su` liệt kê"),
    ),
    entry(
        "oaq games",
        (
            "games",
            "The games being played in this server, with links to watch them",
        ),
        (
            "cac-van",
            "Các ván đang chơi trong máy chủ, kèm liên kết để xem",
        ),
    ),
    entry(
        "oaq board",
        ("board", "Post the current board of this channel again"),
        ("ban-co", "Đăng lại bàn cờ hiện tại của kênh này"),
    ),
    entry(
        "oaq move",
        (
            "move",
            "Play a move by typing it; the suggestions list your legal moves",
        ),
        (
            "di",
            "Đi một nước bằng cách gõ; gợi ý liệt kê các nước bạn được đi",
        ),
    ),
    entry(
        "oaq move move",
        (
            "move",
            "The move, as its button shows it or in notation (3+)",
        ),
        ("nuoc", "Nước đi, như trên nút bấm hoặc theo ký hiệu (3+)"),
    ),
    entry(
        "oaq resign",
        ("resign", "Resign your game in this channel"),
        ("xin-thua", "Xin thua ván của bạn trong kênh này"),
    ),
    entry(
        "oaq rules",
        ("rules", "The rules in play in this channel"),
        ("luat", "Luật đang áp dụng trong kênh này"),
    ),
    entry(
        "oaq help",
        ("help", "How to play with this bot"),
        ("huong-dan", "Cách chơi với bot này"),
    ),
    entry(
        "shogi",
        ("shogi", "Play Shogi, Japanese chess"),
        ("shogi", "Chơi Shogi, cờ tướng Nhật Bản"),
    ),
    entry(
        "shogi challenge",
        (
            "challenge",
            "Challenge someone (or anyone) to a game of Shogi",
        ),
        (
            "thach-dau",
            "Thách một người (hoặc mọi người) chơi một ván Shogi",
        ),
    ),
    entry(
        "shogi challenge opponent",
        (
            "opponent",
            "Who to play; leave empty for an open challenge anyone may accept",
        ),
        (
            "doi-thu",
            "Người bạn muốn thách; bỏ trống để ai cũng có thể nhận lời",
        ),
    ),
    entry(
        "shogi challenge first",
        (
            "first",
            "Who moves first (default: furigoma, five pawns tossed)",
        ),
        (
            "di-truoc",
            "Ai đi trước (mặc định: furigoma, tung năm quân tốt)",
        ),
    ),
    entry(
        "shogi settings",
        (
            "settings",
            "Server settings for every game: timeouts, allowed channels, threads",
        ),
        (
            "cai-dat",
            "Cài đặt máy chủ cho mọi trò: thời gian, kênh được chơi, luồng riêng",
        ),
    ),
    entry(
        "shogi settings turn_timeout_minutes",
        (
            "turn_timeout_minutes",
            "Minutes per move (1 to 10080 = 7 days)",
        ),
        (
            "phut-moi-nuoc",
            "Số phút cho mỗi nước (1 đến 10080 = 7 ngày)",
        ),
    ),
    entry(
        "shogi settings challenge_timeout_minutes",
        (
            "challenge_timeout_minutes",
            "Minutes before a challenge expires (1 to 1440)",
        ),
        (
            "phut-loi-thach",
            "Số phút trước khi lời thách hết hạn (1 đến 1440)",
        ),
    ),
    entry(
        "shogi settings allow_channel",
        (
            "allow_channel",
            "Allow games in this channel (then only in the listed channels)",
        ),
        (
            "cho-phep-kenh",
            "Cho phép chơi trong kênh này (khi đó chỉ chơi ở các kênh đã chọn)",
        ),
    ),
    entry(
        "shogi settings remove_channel",
        ("remove_channel", "No longer allow games in this channel"),
        ("bo-kenh", "Không cho chơi trong kênh này nữa"),
    ),
    entry(
        "shogi settings any_channel",
        ("any_channel", "Allow games in every channel again"),
        ("moi-kenh", "Cho phép chơi ở mọi kênh trở lại"),
    ),
    entry(
        "shogi settings threads",
        (
            "threads",
            "Play each accepted challenge in its own public thread",
        ),
        (
            "luong-rieng",
            "Chơi mỗi ván trong một luồng (thread) công khai riêng",
        ),
    ),
    entry(
        "shogi play",
        ("play", "Play the computer right away (you move first)"),
        ("choi-voi-may", "Chơi với máy ngay (bạn đi trước)"),
    ),
    entry(
        "shogi play level",
        ("level", "How strong the computer plays (default: medium)"),
        ("muc-do", "Máy chơi mạnh đến đâu (mặc định: vừa)"),
    ),
    entry(
        "shogi move",
        (
            "move",
            "Play a move by typing it; the suggestions list your legal moves",
        ),
        (
            "di",
            "Đi một nước bằng cách gõ; gợi ý liệt kê các nước bạn được đi",
        ),
    ),
    entry(
        "shogi move move",
        (
            "move",
            "Your move: USI (7g7f), Western (P-7f, Bx2b+) or Japanese (７六歩); suggestions list legal moves",
        ),
        (
            "nuoc",
            "Nước đi: USI (7g7f), phương Tây (P-7f, Bx2b+) hoặc Nhật (７六歩); gợi ý các nước hợp lệ",
        ),
    ),
    entry(
        "shogi board",
        ("board", "Post the current board of this channel again"),
        ("ban-co", "Đăng lại bàn cờ hiện tại của kênh này"),
    ),
    entry(
        "shogi resign",
        ("resign", "Resign your game in this channel"),
        ("xin-thua", "Xin thua ván của bạn trong kênh này"),
    ),
    entry(
        "shogi rules",
        ("rules", "The rules in play in this channel"),
        ("luat", "Luật đang áp dụng trong kênh này"),
    ),
    entry(
        "shogi help",
        ("help", "How to play with this bot"),
        ("huong-dan", "Cách chơi với bot này"),
    ),
    entry(
        "shogi leaderboard",
        (
            "leaderboard",
            "This server's Shogi ratings, ten players a page",
        ),
        (
            "bang-xep-hang",
            "Hệ số Shogi của máy chủ này, mười người mỗi trang",
        ),
    ),
    entry(
        "shogi leaderboard page",
        ("page", "The page to show (default: the first)"),
        ("trang", "Trang muốn xem (mặc định: trang đầu)"),
    ),
    entry(
        "shogi stats",
        (
            "stats",
            "A player's rating, record, recent games and rating chart in this server",
        ),
        (
            "thong-ke",
            "Hệ số, thành tích, các ván gần đây và biểu đồ hệ số của một người chơi",
        ),
    ),
    entry(
        "shogi stats player",
        ("player", "Whose statistics (default: yours)"),
        ("nguoi-choi", "Thống kê của ai (mặc định: của bạn)"),
    ),
    entry(
        "shogi history",
        (
            "history",
            "Recent finished games of a player, or of this server",
        ),
        (
            "lich-su",
            "Các ván đã kết thúc gần đây của một người chơi, hoặc của máy chủ",
        ),
    ),
    entry(
        "shogi history player",
        ("player", "Whose games (default: the whole server's)"),
        ("nguoi-choi", "Các ván của ai (mặc định: cả máy chủ)"),
    ),
    entry(
        "shogi replay",
        (
            "replay",
            "An animation of a game, move by move, with its record",
        ),
        (
            "xem-lai",
            "Ảnh động của một ván, từng nước một, kèm biên bản",
        ),
    ),
    entry(
        "shogi replay game",
        ("game", "The game's number, as `/shogi history` lists it"),
        ("van", "Số hiệu của ván, như `/shogi lich-su` liệt kê"),
    ),
    entry(
        "shogi games",
        (
            "games",
            "The games being played in this server, with links to watch them",
        ),
        (
            "cac-van",
            "Các ván đang chơi trong máy chủ, kèm liên kết để xem",
        ),
    ),
    entry(
        "chinese-checkers",
        ("chinese-checkers", "Play Chinese checkers"),
        ("co-nhay", "Chơi cờ nhảy"),
    ),
    entry(
        "chinese-checkers new",
        (
            "new",
            "Open a table of Chinese checkers for 2 to 6 players, people and computers",
        ),
        ("mo-ban", "Mở một bàn cờ nhảy cho 2 đến 6 người, cả người lẫn máy"),
    ),
    entry(
        "chinese-checkers new players",
        (
            "players",
            "Seats at the table (default: the most the rules allow); a full table starts by itself",
        ),
        (
            "so-nguoi",
            "Số chỗ ở bàn (mặc định: nhiều nhất luật cho phép); bàn đủ người tự bắt đầu",
        ),
    ),
    entry(
        "chinese-checkers new sets",
        (
            "sets",
            "Sets of pegs per player: 1, 2 (three players) or 3 (two players)",
        ),
        (
            "so-bo",
            "Số bộ quân mỗi người: 1, 2 (ba người) hoặc 3 (hai người)",
        ),
    ),
    entry(
        "chinese-checkers new play-on",
        (
            "play-on",
            "After the first player is home, the others play on for the next places",
        ),
        (
            "choi-tiep",
            "Khi người đầu tiên về đích, những người còn lại chơi tiếp để xếp hạng",
        ),
    ),
    entry(
        "chinese-checkers new anti-spoil",
        (
            "anti-spoil",
            "An opponent's peg in your goal: swap it (default), a full goal wins, or none",
        ),
        (
            "chong-chiem-dich",
            "Quân đối thủ trong đích của bạn: đổi chỗ (mặc định), đích đầy là thắng, hoặc không",
        ),
    ),
    entry(
        "chinese-checkers new goal-lock",
        (
            "goal-lock",
            "A peg in its goal: moves end in the goal (default), every hop stays in it, or off",
        ),
        (
            "khoa-dich",
            "Quân đã vào đích: nước đi phải kết thúc trong đích (mặc định), mọi bước nhảy trong đích, hoặc tắt",
        ),
    ),
    entry(
        "chinese-checkers new foreign-stop",
        (
            "foreign-stop",
            "Where pegs may rest outside their own triangles (default: not in other players')",
        ),
        (
            "dung-dat-khach",
            "Quân được dừng ở đâu ngoài tam giác của mình (mặc định: không ở tam giác người khác)",
        ),
    ),
    entry(
        "chinese-checkers new long-jumps",
        (
            "long-jumps",
            "Super Chinese checkers: hop over a peg at any distance, landing as far beyond",
        ),
        (
            "nhay-xa",
            "Cờ nhảy siêu tốc: nhảy qua một quân ở bất kỳ khoảng cách nào, đáp xa bằng chừng ấy",
        ),
    ),
    entry(
        "chinese-checkers challenge",
        (
            "challenge",
            "Challenge someone (or anyone) to a game of Chinese checkers",
        ),
        (
            "thach-dau",
            "Thách một người (hoặc mọi người) chơi một ván cờ nhảy",
        ),
    ),
    entry(
        "chinese-checkers challenge opponent",
        (
            "opponent",
            "Who to play; leave empty for an open challenge anyone may accept",
        ),
        (
            "doi-thu",
            "Người bạn muốn thách; bỏ trống để ai cũng có thể nhận lời",
        ),
    ),
    entry(
        "chinese-checkers challenge first",
        (
            "first",
            "Who moves first (default: the server's, or rock-paper-scissors)",
        ),
        (
            "di-truoc",
            "Ai đi trước (mặc định: của máy chủ, hoặc oẳn tù tì)",
        ),
    ),
    entry(
        "chinese-checkers play",
        ("play", "Play the computer right away (you move first)"),
        ("choi-voi-may", "Chơi với máy ngay (bạn đi trước)"),
    ),
    entry(
        "chinese-checkers play level",
        ("level", "How strong the computer plays (default: medium)"),
        ("muc-do", "Máy chơi mạnh đến đâu (mặc định: vừa)"),
    ),
    entry(
        "chinese-checkers move",
        (
            "move",
            "Play a move by typing it; the suggestions list your legal moves",
        ),
        (
            "di",
            "Đi một nước bằng cách gõ; gợi ý liệt kê các nước bạn được đi",
        ),
    ),
    entry(
        "chinese-checkers board",
        ("board", "Post the current board of this channel again"),
        ("ban-co", "Đăng lại bàn cờ hiện tại của kênh này"),
    ),
    entry(
        "chinese-checkers resign",
        ("resign", "Resign your game in this channel"),
        ("xin-thua", "Xin thua ván của bạn trong kênh này"),
    ),
    entry(
        "chinese-checkers rules",
        ("rules", "The rules in play in this channel"),
        ("luat", "Luật đang áp dụng trong kênh này"),
    ),
    entry(
        "chinese-checkers help",
        ("help", "How to play with this bot"),
        ("huong-dan", "Cách chơi với bot này"),
    ),
    entry(
        "chinese-checkers leaderboard",
        (
            "leaderboard",
            "This server's Chinese checkers ratings, ten players a page",
        ),
        (
            "bang-xep-hang",
            "Hệ số cờ nhảy của máy chủ này, mười người mỗi trang",
        ),
    ),
    entry(
        "chinese-checkers leaderboard page",
        ("page", "The page to show (default: the first)"),
        ("trang", "Trang muốn xem (mặc định: trang đầu)"),
    ),
    entry(
        "chinese-checkers stats",
        (
            "stats",
            "A player's rating, record, recent games and rating chart in this server",
        ),
        (
            "thong-ke",
            "Hệ số, thành tích, các ván gần đây và biểu đồ hệ số của một người chơi",
        ),
    ),
    entry(
        "chinese-checkers stats player",
        ("player", "Whose statistics (default: yours)"),
        ("nguoi-choi", "Thống kê của ai (mặc định: của bạn)"),
    ),
    entry(
        "chinese-checkers history",
        (
            "history",
            "Recent finished games of a player, or of this server",
        ),
        (
            "lich-su",
            "Các ván đã kết thúc gần đây của một người chơi, hoặc của máy chủ",
        ),
    ),
    entry(
        "chinese-checkers history player",
        ("player", "Whose games (default: the whole server's)"),
        ("nguoi-choi", "Các ván của ai (mặc định: cả máy chủ)"),
    ),
    entry(
        "chinese-checkers replay",
        (
            "replay",
            "An animation of a game, move by move, with its record",
        ),
        (
            "xem-lai",
            "Ảnh động của một ván, từng nước một, kèm biên bản",
        ),
    ),
    entry(
        "chinese-checkers replay game",
        ("game", "The game's number, as `/chinese-checkers history` lists it"),
        ("van", "Số hiệu của ván, như `/co-nhay lich-su` liệt kê"),
    ),
    entry(
        "chinese-checkers games",
        (
            "games",
            "The games being played in this server, with links to watch them",
        ),
        (
            "cac-van",
            "Các ván đang chơi trong máy chủ, kèm liên kết để xem",
        ),
    ),
    entry(
        "chinese-checkers move move",
        (
            "move",
            "The move, hole to hole (D2-F4), or pass; the suggestions list your legal moves",
        ),
        (
            "nuoc",
            "Nước đi, từ lỗ sang lỗ (D2-F4), hoặc pass; gợi ý liệt kê các nước bạn được đi",
        ),
    ),
    entry("rules=standard", ("standard", ""), ("chuẩn", "")),
    entry("rules=folk", ("folk", ""), ("dân gian", "")),
    entry("rules=young", ("young", ""), ("quan non", "")),
    entry("quan_value=10", ("10", ""), ("10 điểm", "")),
    entry("quan_value=5", ("5", ""), ("5 điểm", "")),
    entry("first=rps", ("rps", ""), ("oẳn tù tì", "")),
    entry("first=coin", ("coin", ""), ("tung đồng xu", "")),
    entry("first=furigoma", ("furigoma", ""), ("furigoma (tung tốt)", "")),
    entry("first=me", ("me", ""), ("tôi", "")),
    entry("first=them", ("them", ""), ("đối thủ", "")),
    entry("level=easy", ("easy", ""), ("dễ", "")),
    entry("level=medium", ("medium", ""), ("vừa", "")),
    entry("level=hard", ("hard", ""), ("khó", "")),
    entry("players=2", ("2", ""), ("2 người", "")),
    entry("players=3", ("3", ""), ("3 người", "")),
    entry("players=4", ("4", ""), ("4 người", "")),
    entry("players=6", ("6", ""), ("6 người", "")),
    entry("sets=1", ("1", ""), ("1 bộ", "")),
    entry("sets=2", ("2", ""), ("2 bộ", "")),
    entry("sets=3", ("3", ""), ("3 bộ", "")),
    entry("anti-spoil=swap", ("swap", ""), ("đổi chỗ", "")),
    entry("anti-spoil=full", ("full", ""), ("đích đầy", "")),
    entry("anti-spoil=none", ("none", ""), ("không", "")),
    entry("goal-lock=final", ("final", ""), ("kết thúc trong đích", "")),
    entry("goal-lock=path", ("path", ""), ("mọi bước trong đích", "")),
    entry("goal-lock=off", ("off", ""), ("tắt", "")),
    entry("foreign-stop=forbid_players", ("forbid_players", ""), ("cấm đất người chơi", "")),
    entry("foreign-stop=allowed", ("allowed", ""), ("được dừng", "")),
    entry("foreign-stop=forbid_all", ("forbid_all", ""), ("cấm mọi đất khách", "")),
    entry(
        "oaq tournament",
        ("tournament", "Swiss and round-robin tournaments of Ô ăn quan in this server"),
        ("giai-dau", "Giải đấu Ô ăn quan hệ Thụy Sĩ và vòng tròn trong máy chủ này"),
    ),
    entry(
        "oaq tournament new",
        ("new", "Open a tournament of Ô ăn quan in this channel: players join, the organiser starts it"),
        ("mo-giai", "Mở một giải Ô ăn quan trong kênh này: mọi người ghi danh, người tổ chức bắt đầu"),
    ),
    entry(
        "oaq tournament new format",
        ("format", "Swiss (pairs players of equal score each round) or round-robin (everyone plays everyone)"),
        ("the-thuc", "Hệ Thụy Sĩ (mỗi ván ghép người cùng điểm) hay vòng tròn (mọi người gặp nhau)"),
    ),
    entry(
        "oaq tournament new rounds",
        ("rounds", "Swiss rounds, 1 to 20 (default: enough for a sole winner)"),
        ("so-van", "Số ván hệ Thụy Sĩ, từ 1 đến 20 (mặc định: đủ để có một người thắng)"),
    ),
    entry(
        "oaq tournament new turn_seconds",
        ("turn_seconds", "Time for each move in seconds (default: the server's turn timeout)"),
        ("giay-moi-nuoc", "Thời gian mỗi nước, tính bằng giây (mặc định: theo cài đặt máy chủ)"),
    ),
    entry(
        "oaq tournament new manual_rounds",
        ("manual_rounds", "The organiser starts each round after the first with Next round (default: automatic)"),
        ("tu-bat-dau-van", "Người tổ chức tự bắt đầu mỗi ván sau ván đầu bằng nút Ván tiếp (mặc định: tự động)"),
    ),
    entry(
        "oaq tournament new max_players",
        ("max_players", "The most players who may enter"),
        ("toi-da", "Số người chơi tối đa được ghi danh"),
    ),
    entry(
        "oaq tournament new start",
        ("start", "Start time as a Discord timestamp, <t:1767225600:F> (default: when the organiser presses Start)"),
        ("bat-dau", "Giờ bắt đầu, dạng <t:1767225600:F> (mặc định: khi người tổ chức bấm Bắt đầu)"),
    ),
    entry(
        "oaq tournament new rules",
        ("rules", "The rules of every game (default: the server's)"),
        ("luat", "Luật của mọi ván (mặc định: theo máy chủ)"),
    ),
    entry(
        "oaq tournament new quan_value",
        ("quan_value", "What a mandarin is worth (default: the rules' own)"),
        ("gia-tri-quan", "Giá trị một quan (mặc định: theo luật)"),
    ),
    entry(
        "oaq tournament standings",
        ("standings", "The standings of this server's latest tournament"),
        ("bang-xep-hang", "Bảng xếp hạng của giải gần nhất trong máy chủ"),
    ),
    entry(
        "oaq tournament list",
        ("list", "This server's tournaments, running and past"),
        ("danh-sach", "Các giải đang diễn ra và đã qua của máy chủ"),
    ),
    entry(
        "oaq tournament withdraw",
        ("withdraw", "Withdraw from the tournament you play in this server"),
        ("rut-lui", "Rút khỏi giải bạn đang chơi trong máy chủ này"),
    ),
    entry(
        "shogi tournament",
        ("tournament", "Swiss and round-robin tournaments of Shogi in this server"),
        ("giai-dau", "Giải đấu Shogi hệ Thụy Sĩ và vòng tròn trong máy chủ này"),
    ),
    entry(
        "shogi tournament new",
        ("new", "Open a tournament of Shogi in this channel: players join, the organiser starts it"),
        ("mo-giai", "Mở một giải Shogi trong kênh này: mọi người ghi danh, người tổ chức bắt đầu"),
    ),
    entry(
        "shogi tournament new format",
        ("format", "Swiss (pairs players of equal score each round) or round-robin (everyone plays everyone)"),
        ("the-thuc", "Hệ Thụy Sĩ (mỗi ván ghép người cùng điểm) hay vòng tròn (mọi người gặp nhau)"),
    ),
    entry(
        "shogi tournament new rounds",
        ("rounds", "Swiss rounds, 1 to 20 (default: enough for a sole winner)"),
        ("so-van", "Số ván hệ Thụy Sĩ, từ 1 đến 20 (mặc định: đủ để có một người thắng)"),
    ),
    entry(
        "shogi tournament new turn_seconds",
        ("turn_seconds", "Time for each move in seconds (default: the server's turn timeout)"),
        ("giay-moi-nuoc", "Thời gian mỗi nước, tính bằng giây (mặc định: theo cài đặt máy chủ)"),
    ),
    entry(
        "shogi tournament new manual_rounds",
        ("manual_rounds", "The organiser starts each round after the first with Next round (default: automatic)"),
        ("tu-bat-dau-van", "Người tổ chức tự bắt đầu mỗi ván sau ván đầu bằng nút Ván tiếp (mặc định: tự động)"),
    ),
    entry(
        "shogi tournament new max_players",
        ("max_players", "The most players who may enter"),
        ("toi-da", "Số người chơi tối đa được ghi danh"),
    ),
    entry(
        "shogi tournament new start",
        ("start", "Start time as a Discord timestamp, <t:1767225600:F> (default: when the organiser presses Start)"),
        ("bat-dau", "Giờ bắt đầu, dạng <t:1767225600:F> (mặc định: khi người tổ chức bấm Bắt đầu)"),
    ),
    entry(
        "shogi tournament standings",
        ("standings", "The standings of this server's latest tournament"),
        ("bang-xep-hang", "Bảng xếp hạng của giải gần nhất trong máy chủ"),
    ),
    entry(
        "shogi tournament list",
        ("list", "This server's tournaments, running and past"),
        ("danh-sach", "Các giải đang diễn ra và đã qua của máy chủ"),
    ),
    entry(
        "shogi tournament withdraw",
        ("withdraw", "Withdraw from the tournament you play in this server"),
        ("rut-lui", "Rút khỏi giải bạn đang chơi trong máy chủ này"),
    ),
    entry(
        "chinese-checkers tournament",
        ("tournament", "Swiss and round-robin tournaments of Chinese checkers in this server"),
        ("giai-dau", "Giải đấu cờ nhảy hệ Thụy Sĩ và vòng tròn trong máy chủ này"),
    ),
    entry(
        "chinese-checkers tournament new",
        ("new", "Open a tournament of Chinese checkers in this channel: players join, the organiser starts it"),
        ("mo-giai", "Mở một giải cờ nhảy trong kênh này: mọi người ghi danh, người tổ chức bắt đầu"),
    ),
    entry(
        "chinese-checkers tournament new format",
        ("format", "Swiss (pairs players of equal score each round) or round-robin (everyone plays everyone)"),
        ("the-thuc", "Hệ Thụy Sĩ (mỗi ván ghép người cùng điểm) hay vòng tròn (mọi người gặp nhau)"),
    ),
    entry(
        "chinese-checkers tournament new rounds",
        ("rounds", "Swiss rounds, 1 to 20 (default: enough for a sole winner)"),
        ("so-van", "Số ván hệ Thụy Sĩ, từ 1 đến 20 (mặc định: đủ để có một người thắng)"),
    ),
    entry(
        "chinese-checkers tournament new turn_seconds",
        ("turn_seconds", "Time for each move in seconds (default: the server's turn timeout)"),
        ("giay-moi-nuoc", "Thời gian mỗi nước, tính bằng giây (mặc định: theo cài đặt máy chủ)"),
    ),
    entry(
        "chinese-checkers tournament new manual_rounds",
        ("manual_rounds", "The organiser starts each round after the first with Next round (default: automatic)"),
        ("tu-bat-dau-van", "Người tổ chức tự bắt đầu mỗi ván sau ván đầu bằng nút Ván tiếp (mặc định: tự động)"),
    ),
    entry(
        "chinese-checkers tournament new max_players",
        ("max_players", "The most players who may enter"),
        ("toi-da", "Số người chơi tối đa được ghi danh"),
    ),
    entry(
        "chinese-checkers tournament new start",
        ("start", "Start time as a Discord timestamp, <t:1767225600:F> (default: when the organiser presses Start)"),
        ("bat-dau", "Giờ bắt đầu, dạng <t:1767225600:F> (mặc định: khi người tổ chức bấm Bắt đầu)"),
    ),
    entry(
        "chinese-checkers tournament standings",
        ("standings", "The standings of this server's latest tournament"),
        ("bang-xep-hang", "Bảng xếp hạng của giải gần nhất trong máy chủ"),
    ),
    entry(
        "chinese-checkers tournament list",
        ("list", "This server's tournaments, running and past"),
        ("danh-sach", "Các giải đang diễn ra và đã qua của máy chủ"),
    ),
    entry(
        "chinese-checkers tournament withdraw",
        ("withdraw", "Withdraw from the tournament you play in this server"),
        ("rut-lui", "Rút khỏi giải bạn đang chơi trong máy chủ này"),
    ),
    entry(
        "format=swiss",
        ("swiss", ""),
        ("hệ Thụy Sĩ", ""),
    ),
    entry(
        "format=round-robin",
        ("round-robin", ""),
        ("vòng tròn", ""),
    ),
    entry(
        "format=double-round-robin",
        ("double-round-robin", ""),
        ("vòng tròn hai lượt", ""),
    ),
    entry(
        "chinese-checkers tournament new sets",
        (
            "sets",
            "Sets of pegs per player: 1, 2 (three players) or 3 (two players)",
        ),
        (
            "so-bo",
            "Số bộ quân mỗi người: 1, 2 (ba người) hoặc 3 (hai người)",
        ),
    ),
    entry(
        "chinese-checkers tournament new play-on",
        (
            "play-on",
            "After the first player is home, the others play on for the next places",
        ),
        (
            "choi-tiep",
            "Khi người đầu tiên về đích, những người còn lại chơi tiếp để xếp hạng",
        ),
    ),
    entry(
        "chinese-checkers tournament new anti-spoil",
        (
            "anti-spoil",
            "An opponent's peg in your goal: swap it (default), a full goal wins, or none",
        ),
        (
            "chong-chiem-dich",
            "Quân đối thủ trong đích của bạn: đổi chỗ (mặc định), đích đầy là thắng, hoặc không",
        ),
    ),
    entry(
        "chinese-checkers tournament new goal-lock",
        (
            "goal-lock",
            "A peg in its goal: moves end in the goal (default), every hop stays in it, or off",
        ),
        (
            "khoa-dich",
            "Quân đã vào đích: nước đi phải kết thúc trong đích (mặc định), mọi bước nhảy trong đích, hoặc tắt",
        ),
    ),
    entry(
        "chinese-checkers tournament new foreign-stop",
        (
            "foreign-stop",
            "Where pegs may rest outside their own triangles (default: not in other players')",
        ),
        (
            "dung-dat-khach",
            "Quân được dừng ở đâu ngoài tam giác của mình (mặc định: không ở tam giác người khác)",
        ),
    ),
    entry(
        "chinese-checkers tournament new long-jumps",
        (
            "long-jumps",
            "Super Chinese checkers: hop over a peg at any distance, landing as far beyond",
        ),
        (
            "nhay-xa",
            "Cờ nhảy siêu tốc: nhảy qua một quân ở bất kỳ khoảng cách nào, đáp xa bằng chừng ấy",
        ),
    ),
];

/// The catalogue entry for a command, option or choice key.
pub fn command_text(key: &str) -> Option<&'static CommandText> {
    COMMANDS.iter().find(|c| c.key == key)
}
