# Tournaments' part of the catalogue (English). Every id starts with `tournament-`: all parts
# share one bundle per language. $format: swiss, round_robin or double_round_robin.

tournament-format = { $format ->
        [swiss] Swiss
        [round_robin] Round-robin
       *[double_round_robin] Double round-robin
    }
tournament-title = 🏆 **{ tournament-format } tournament of { game-name }** ({ $rules } rules; { $rounds ->
        [0] rounds set by the number of players
        [one] 1 round
       *[other] { $rounds } rounds
    }; { $turn } a move), organised by { $organiser }
tournament-entrants = **Entrants ({ $count }{ $limit ->
        [0] {""}
       *[other] {" "}of { $limit }
    })**
tournament-more-entrants = …and { $count } more
tournament-starts-at = Starts <t:{ $at }:F> (<t:{ $at }:R>).
tournament-open-help = Press **Join** to enter. The organiser (or anyone with Manage Server) presses **Start**; every game starts at once in a thread of its own, with no accept. { $manual ->
        [yes] The organiser starts each next round with **Next round**.
       *[no] Each round starts as soon as the previous one is over.
    }
tournament-round-playing = **Round { $round } of { $rounds }** is being played: { $playing ->
        [one] 1 game still on.
       *[other] { $playing } games still on.
    }
tournament-round-waiting = **Round { $round } of { $rounds }** is over. The organiser starts the next round with **Next round**.
tournament-finished = **The tournament is over.** { $count ->
        [one] Winner: { $winners }
       *[other] Shared first place: { $winners }
    } with { $points } points.
tournament-cancelled = This tournament was cancelled by { $by }.
tournament-too-few = This tournament was cancelled: fewer than two players entered before its start.
tournament-join = Join
tournament-leave = Leave
tournament-start = Start
tournament-cancel = Cancel
tournament-next-round = Next round
tournament-round-started = **Round { $round } of { $rounds }** has started: each game is in its own thread below.
    { $pairings }{ $byes ->
        [none] {""}
       *[other] {"\u000A"}Bye (a win): { $byes }
    }
tournament-more-boards = …and { $count } more boards: every pairing is in the picture on the tournament message.
tournament-pairing-line = Board { $board }: { $first } – { $second }
tournament-won = 🏆 { $count ->
        [one] { $winners } wins
       *[other] { $winners } share first place in
    } the { game-name } tournament with { $points } points! Final standings: { $link }
tournament-thread-name = Round { $round }: { $first } vs { $second }
tournament-game-intro = Tournament, round { $round }: { $first } moves first against { $second }.
tournament-pairings-title = Pairings: round { $round } of { $rounds }
tournament-standings-title = { $last ->
        [yes] Final standings
       *[no] Standings after round { $round }
    }
tournament-crosstable-title = Crosstable
tournament-subtitle = { game-name } · { tournament-format } · { $players } players
tournament-column = { $column ->
        [board] Board
        [first] { $game ->
            [oaq] South (first)
            [shogi] Sente
           *[chinese_checkers] First
        }
        [second] { $game ->
            [oaq] North
            [shogi] Gote
           *[chinese_checkers] Second
        }
        [result] Result
        [place] #
        [player] Player
        [points] Pts
        [bh1] BH-1
        [bh] BH
        [sb] SB
        [de] DE
        [wins] Wins
        [rating] Rating
        [perf] Perf
       *[round] R
    }
tournament-bye = bye
tournament-legend = BH: Buchholz; BH-1: Buchholz cut 1; SB: Sonneborn–Berger; DE: direct encounter; Perf: performance rating.
tournament-crosstable-legend = Each round: the opponent's place, w/b for moving first or second, and the result (1 win, ½ draw, 0 loss; + bye, - absent).
tournament-withdrawn-mark = (withdrawn)
tournament-list-title = **{ game-name } tournaments in this server**
tournament-list-line = • { tournament-format }, { $players } players: { $stage ->
        [open] taking entries
        [playing] round { $round } of { $rounds }
        [finished] finished after { $round } rounds
       *[cancelled] cancelled
    }{ $link }
tournament-list-empty = No { game-name } tournament has been held in this server yet. Start one with the `tournament new` command.
tournament-withdrew = You have withdrawn: you will not be paired again, and your results so far count.{ $playing ->
        [yes] {" "}Your game of this round is still on: play it out, or resign it in its thread.
       *[no] {""}
    }
tournament-none = There is no { game-name } tournament you can do this in, in this server.
tournament-closed = This tournament takes no more entries.
tournament-already-in = You have already entered this tournament.
tournament-not-in = You have not entered this tournament.
tournament-full = This tournament is full ({ $limit } players).
tournament-organiser-only = Only the organiser, { $organiser }, or someone with Manage Server can do this.
tournament-need-players = A tournament needs at least two players to start.
tournament-round-not-over = The round is still being played: the next one starts when its last game is over.
tournament-not-playing = This tournament is not being played.
tournament-rounds-range = A Swiss tournament has between 1 and { $max } rounds.
tournament-start-past = The start time has passed already: give a time in the future, or none and press Start.
tournament-two-players = Tournaments are played in games of two players.
tournament-servers-only = Tournaments are held in servers, not in direct messages.
tournament-start-unreadable = The start time must be a Discord timestamp such as `<t:1767225600:F>` or a number of seconds since 1970.
tournament-history-tag = { tournament-format } tournament, round { $round }
