# The shell's messages in English: challenges, turns, endings, ratings, history, settings.
# Each game's own messages live in its own file (oaq.ftl for Ô ăn quan).
#
# Arguments named after players ($challenger, $winner, $player…) are Discord mentions such as
# <@123>; $link is a message link. Numbers are printed as given (no digit grouping).

## Fragments that other messages use

# The name of a game. $game: oaq, shogi or chinese_checkers.
game-name = { $game ->
        [oaq] Ô ăn quan
        [shogi] Shogi
       *[chinese_checkers] Chinese checkers
    }
# The slash command root of a game, as this language's client shows it. $root: oaq, shogi or
# chinese_checkers.
game-command = { $root ->
        [shogi] shogi
        [chinese_checkers] chinese-checkers
       *[oaq] oaq
    }
# Who starts, in a challenge. $first: rps, coin, anyone or player ($starter starts).
challenge-first = { $first ->
        [rps] rock-paper-scissors decides who starts
        [coin] { $game ->
            [shogi] furigoma (five tossed pawns) decides who starts
           *[other] a coin toss decides who starts
        }
        [anyone] whoever accepts starts
       *[player] { $starter } starts
    }
# A link after a sentence.
link-suffix = {" "}({ $link })
# A link after a list entry.
link-after-colon = : { $link }
# Between the players' names in a thread name.
versus = {" "}vs{" "}
# One part of a duration. $unit: day, hour, minute or second.
duration-part = { $n } { $unit ->
        [day] d
        [hour] h
        [minute] min
       *[second] s
    }
# Where games may start when no channel is listed.
channels-anywhere = every channel
# The channels a list leaves out. $count: how many.
channels-more = and { $count } more
# A computer level. $level: easy, medium or hard.
level-name = { $level ->
        [easy] easy
        [medium] medium
       *[hard] hard
    }
# How the first player is chosen, in the settings. $first: rps, coin, challenger or opponent.
first-setting = { $first ->
        [rps] rock-paper-scissors
        [coin] a coin toss
        [challenger] the challenger
       *[opponent] the opponent
    }
# After "won": how a game ended. $finish: board, resigned or timed_out.
won-how = { $finish ->
        [resigned] {" "}by resignation
        [timed_out] {" "}on time
       *[board] {""}
    }
# The line above a rock-paper-scissors prompt after a tie; $hand is the hand both picked.
rps-tie = Tie: you both picked { $hand }. Pick again!

## Challenges

challenge-direct = { $challenger } challenges { $opponent } to a game of **{ game-name }** ({ $rules } rules; { challenge-first }). The challenge expires <t:{ $expires }:R>.
challenge-open = { $challenger } is looking for an opponent for **{ game-name }** ({ $rules } rules; { challenge-first }). Anyone may accept. The challenge expires <t:{ $expires }:R>.
not-a-move = That is not a move of this game.
move-played = You played `{ $mv }`{ $link }.
accept = Accept
decline = Decline
cancel = Cancel
cannot-challenge-self = You cannot challenge yourself. Name another player, or leave the opponent out for an open challenge.
cannot-challenge-bot = Bots cannot play { game-name } here. Challenge a person, or leave the opponent out for an open challenge.
channel-has-game = A game is already being played in this channel{ $link }. Only one game or challenge fits in a channel: start a thread and challenge there to play at the same time.
channel-has-challenge = A challenge is already waiting in this channel{ $link }. Only one game or challenge fits in a channel: accept it, or start a thread and challenge there.
challenge-is-for-someone-else = This challenge is for { $opponent }.
cannot-accept-own-challenge = You cannot accept your own challenge.
only-challenger-cancels = Only { $challenger } can cancel this challenge.
only-opponent-declines = Only the challenged player can decline this challenge.
challenge-gone = This challenge is no longer open.
challenge-expired = The challenge from { $challenger } expired: nobody started the game in time.
challenge-declined = { $opponent } declined the challenge from { $challenger }.
challenge-cancelled = { $challenger } cancelled the challenge.
# $tie: the rps-tie line and a line break after a tie, otherwise empty.
rps-prompt = { $tie }{ $challenger } and { $opponent }: rock, paper, scissors for the first move! Pick with the buttons below; nobody sees your choice until you have both picked.
# A hand, as a button label or in a sentence. $hand: rock, paper or scissors.
hand = { $hand ->
        [rock] 🪨 Rock
        [paper] 📄 Paper
       *[scissors] ✂️ Scissors
    }
rps-picked = You picked { hand }. Waiting for { $waiting_for }.
rps-already-picked = You already picked { hand } this round.
rps-not-yours = Only the two players pick here.
first-by-rps = { $winning } beats { $losing }: { $winner } moves first.
first-by-coin = Coin toss: { $winner } moves first.
first-fixed = { $first } moves first.

## Playing

to-move = { $player } to move.
wins = **{ $winner } wins!**
draw = **A draw!**
resigned = { $loser } resigned. **{ $winner } wins!**
resign = Resign
rules-button = Rules
confirm-resign = Resign this game? { $opponent } will win. Dismiss this message to keep playing.
yes-resign = Yes, resign
you-resigned = You resigned.
not-your-turn = It is { $player }'s turn, not yours.
not-a-player = You are not playing in this game. Start your own with a challenge: `/oaq challenge`, `/shogi challenge` or `/chinese-checkers challenge`.
# $to_move: the player to move, or none when the game is over.
out-of-date = This board is out of date: the game has moved on{ $link }.{ $to_move ->
        [none] {""}
       *[other] {" "}{ $to_move } to move. Here is the current position:
    }
board-posted-again = This copy of the board is no longer live: the game goes on on the board posted since{ $link }.
lost-race = Another click reached the game first, so yours was not applied. Look at the updated board and try again.
database-down = The games' database cannot be reached right now, so nothing was changed. Please try again in a moment.
game-over = This game is over.
play-on-board = Play on the board
page-not-here = This game is not played in the channel this Activity was opened in. Open the Activity in the game's channel.
page-signed-out = Your session has expired or is not valid, so nothing was changed. Close the Activity and open it again.
page-sign-in-failed = Discord did not accept the sign-in. Close the Activity and open it again.
page-garbled = That request could not be read, so nothing was changed.
page-no-process = The part of the bot that keeps this server's games cannot be reached from here. Please tell the bot's operator (setting activity.peers).
page-accept-in-channel = This challenge chooses who moves first by rock-paper-scissors: accept it under its message in the channel, where the picks are made.
no-game-here = There is no game in this channel. Start one with `/{ game-command } challenge`.
only-challenge-here = No game yet in this channel, only a challenge waiting to be accepted{ $link }.
resigned-announcement = { $loser } resigned. **{ $winner } wins!** The final board is above.
thinking = { $player } is thinking…
open-picker = Pick a move
# $chosen: the steps chosen so far, or nothing at the first step.
picker-prompt = { $chosen ->
        [none] Your move: choose a piece.
       *[other] Your move: { $chosen } → choose.
    }
back = Back
# $first, $last: the labels of the menu's first and last options; $part of $parts menus.
picker-menu = { $first } … { $last } (menu { $part } of { $parts })
picker-earlier = Earlier choices
picker-more = More choices
which-move = `{ $typed }` could mean several moves: which one?
turn-ends = Time for this move runs out <t:{ $deadline }:R>.
timed-out = { $loser } ran out of time. **{ $winner } wins!**
computer-name = { $name } ({ level-name })
computer-game = { $player } plays the computer ({ level-name } level). { $player_first ->
        [yes] You move first.
       *[no] The computer moves first.
    }
bot-record = { $player }'s record against the { level-name } computer: { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    }, { $draws ->
        [one] 1 draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] 1 loss
       *[other] { $losses } losses
    }.
earlier-moves = … { $count ->
        [one] 1 earlier move is
       *[other] { $count } earlier moves are
    } not shown.
rematch = Rematch
game-not-over = This game is still being played: finish it (or resign) first.
analyse = Analyse
# $depth: how many moves ahead the search looked from each position.
analysis-title = **Analysis of game `{ $game }`**: each position searched { $depth } moves ahead; the better move is the search's choice.
analysis-player = **{ $name }**, biggest mistakes:
# $cost: points, lost-win or into-loss; $points is written with its decimal, $count selects the plural.
analysis-mistake = - Move { $number }: played `{ $played }`, better `{ $better }` ({ $cost ->
        [lost-win] gave away a forced win
        [into-loss] walked into a forced loss
       *[points] cost { $points } { $count ->
            [one] point
           *[other] points
        }
    })
analysis-clean = **{ $name }**: no mistake the search could find.
analysis-not-over = The analysis is for finished games: no hints while the game is being played.
analysis-unavailable = This game offers no analysis.
played-in-thread = The game is played in the thread of this message.
# $names: the players' names, joined with versus.
thread-name = { game-name }: { $names }

## Settings

# $turn and $challenge are durations; $channels a list of channels or channels-anywhere.
settings-summary = **{ $changed ->
        [yes] Settings updated for this server
       *[no] Settings of this server
    }**
    • Default rules: { $rules }
    • First player: { first-setting }
    • Time per move: { $turn }
    • Challenges expire after: { $challenge }
    • Each game in its own thread: { $threads ->
        [yes] yes
       *[no] no
    }
    • Games allowed in: { $channels }
settings-only-in-servers = Settings belong to a server: use `/{ game-command } settings` in one.
needs-manage-server = Only members with the **Manage Server** permission can see or change these settings.
turn-timeout-out-of-range = The time per move must be between { $min } and { $max }.
challenge-timeout-out-of-range = The challenge timeout must be between { $min } and { $max }.
too-many-channels = Games can be allowed in at most { $max } channels of a server: remove one before adding another.
channel-not-allowed = Games are not played in this channel on this server. Try { $channels }.

## Ratings

# $change: the difference, with its sign (+12, -3, +0).
rating-change = { $name }: rating { $before } → { $after }{ $provisional ->
        [yes] ?
       *[no] {""}
    } ({ $change })
only-in-servers = Ratings, leaderboards and the list of games are kept per server: use this command in a server.
leaderboard-empty = Nobody is rated in this server yet: the leaderboard starts with the first finished game between two players.
no-such-page = The leaderboard has { $pages } { $pages ->
        [one] page
       *[other] pages
    } only.
leaderboard-caption = 🏆 **{ game-name }** leaderboard of this server, page { $page } of { $pages }.
leaderboard-title = { game-name } leaderboard
leaderboard-subtitle = Page { $page } of { $pages } · { $players } rated { $players ->
        [one] player
       *[other] players
    }
column-rank = #
column-player = Player
column-rating = Rating
column-record = Won / drawn / lost
rating-value = { $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    }
provisional-legend = ? provisional: fewer games than the rating needs to settle
previous-page = ◀ Previous
next-page = Next ▶
stats-none = { $player } has not finished a rated game in this server yet.
# $spread: twice the rating deviation. $ranked: yes when $rank (of $players) is known.
stats-summary = **{ game-name }** rating of { $player }: **{ $rating }{ $provisional ->
        [yes] ?
       *[no] {""}
    }** (± { $spread }){ $provisional ->
        [yes] , provisional
       *[no] {""}
    }{ $ranked ->
        [yes] , rank { $rank } of { $players }
       *[no] {""}
    }.
    { $wins } won, { $draws } drawn, { $losses } lost in { $games } rated { $games ->
        [one] game
       *[other] games
    }.
chart-title = Rating of { $name }
chart-axis = rated games

## History and replays

recent-games-of = Recent games of { $player }:
recent-games-here = Recent games in this server:
no-finished-games = No finished games yet.
# $standing: won, drew or lost; $change: the rating change as " (+12)", or empty.
history-line = `{ $game }` <t:{ $ended }:d> { $standing ->
        [won] **won** against
        [drew] drew with
       *[lost] lost to
    } { $opponent }{ won-how }{ $change }
server-history-line = `{ $game }` <t:{ $ended }:d> { $players }: { $winner ->
        [none] draw
       *[other] { $winner } won{ won-how }
    }
no-such-game = There is no game { $game } here. `/{ game-command } history` lists the finished games with their numbers.
replay-caption = Replay of game `{ $game }`: { $players }, { $plies } { $plies ->
        [one] move
       *[other] moves
    }. The record below replays it with the engine's command line.
# $every: the animation shows the board every $every moves, 0 when it is left out; $frames of
# the $all frames a whole animation has; $limit: the server's upload limit ("10 MB").
replay-left-out = { $every ->
        [0] The animation is left out: even its first and last frames alone would be over this server's upload limit ({ $limit }).
       *[other] To stay within this server's upload limit ({ $limit }), the animation shows the board every { $every } moves: { $frames } frames instead of { $all }. The record below has every move.
    }
# $finish: none while the game goes on. $drawn: yes for a draw, else $winner is a name.
record-result = Result: { $finish ->
        [none] still being played
       *[other] { $drawn ->
            [yes] draw
           *[no] { $winner } won{ won-how }
        }
    }
record-replay-with = Replay with:
record-cut = … and { $left_out } more { $left_out ->
        [one] move
       *[other] moves
    }: too long for one message, see the animation.
replay-frame = { $ply ->
        [0] Start
       *[other] Move { $ply } of { $plies }
    }
running-games = Games being played in this server (anyone may watch):
running-game = • `{ $game }` { $players }, { $plies } { $plies ->
        [one] move
       *[other] moves
    } played{ $link }
running-games-page = Page { $page } of { $pages } · { $games } { $games ->
        [one] game
       *[other] games
    } being played in all.
no-running-games = No game is being played in this server right now. Start one with `/{ game-command } challenge`.

## Errors

damaged = The saved game for this channel is damaged and cannot be read. Nothing was changed and the record was kept for inspection: please tell the bot's operator.
unknown-button = This button is not one I recognise (it may come from an older version of the bot). Use the game's `board` command (`/oaq board`, `/shogi board` or `/chinese-checkers board`) to get a fresh board.
button-elsewhere = This button belongs to a challenge or game in another channel, so it does nothing here.
button-not-here = This button is not part of the message it was clicked on, so it does nothing. Nothing was changed.
apology = Sorry, something went wrong on my side and nothing was changed. Please try again in a moment.
restarting = I am restarting and take no new moves for a few seconds; nothing was changed. Please try again in a moment.
served-elsewhere = Another instance of this bot serves this server and this one may not touch its games; nothing was changed. Please tell the bot's operator.

## Lobbies: tables of several players

# $counts: the numbers of players the game can start with, e.g. "2, 3, 4 or 6".
lobby-title = { $host } opened a table of **{ game-name }** ({ $rules } rules; { $counts } players). Join with the buttons below!
# $colour: what the seat plays as, or none; $player: who sits there, or none while it is free.
lobby-seat = { $number }. { $colour ->
        [none] {""}
       *[other] { $colour }:{" "}
    }{ $player ->
        [none] *free*
       *[other] { $player }
    }
lobby-footer = A full table starts by itself; the host may start with fewer. A toss chooses who moves first, then play goes clockwise. The table closes <t:{ $expires }:R>.
join = Join
leave = Leave
start-game = Start ({ $players } players)
add-computer = Add a computer…
add-computer-at = Add a computer ({ level-name })
remove-computer = Remove a computer
lobby-full = This table is full.
already-seated = You already have a seat at this table.
not-seated = Only players seated at this table can do that: join it first.
only-host-starts = Only { $host } can start or close this table.
no-computer-seated = No computer sits at this table.
cannot-start-with = This game cannot start with { $count } players: it needs { $counts }.
lobby-expired = The table of { $host } closed: the game did not start in time.
lobby-cancelled = { $host } closed the table.
left-game = { $timed_out ->
        [yes] { $player } ran out of time and left the game; the others play on.
       *[no] { $player } resigned and left the game; the others play on.
    }
place-line = { $place ->
        [1] 🥇 1st: { $player }
        [2] 🥈 2nd: { $player }
        [3] 🥉 3rd: { $player }
       *[other] { $place }th: { $player }
    }
confirm-leave = Leave this game? You will be ranked last; your pegs stay on the board and the others play on. Dismiss this message to keep playing.
rematch-at-new-table = This game had more than two players: open a new table with `/chinese-checkers new`.
