"""What the play page shows (:class:`~uno_nb.widgets.play.PlayApp`): the
status line, why a click does not count, the table, the end panel and the
log, as HTML (or words).

Each function reads the game (and the few flags of the app it is given) and
returns markup or words; none keeps state or touches a widget, so the page's one render
funnel (``PlayApp._render``) decides what is drawn when.  Nothing here shows a
bot's hidden cards: the table draws their hands face down, the log is written
for the person's seat, and the end panel (the hands that were left) is only
asked for once the round is over.
"""

from __future__ import annotations

from html import escape
from typing import Collection

from ..engine.cards import Card
from ..engine import events as ev
from ..sim import odds
from ..engine.events import Drew
from ..engine.game import Game, Phase, RoundResult
from ..engine.moves import CHALLENGE, DRAW, PLAY, Move, MoveKind
from ..engine.render import back_svg, card_svg, colour_symbol_svg, symbol_legend_html
from ..engine.scoring import hand_points
from ..texts import card_name, colour_name, has, rule_name, text
from ..texts.numbers import fmt_int, fmt_percent, fmt_ratio

__all__ = ["INK", "FACE_DOWN", "status_text", "status_html", "why_not", "table_html",
           "round_won", "end_panel_html", "log_html", "hits", "hits_html", "work_out_html"]

#: The ink of black cards and of the text on yellow ones.
INK = "#1d1d1b"
#: The width of a bot's face-down card on the table.
FACE_DOWN = 26

_STATUS_COLOURS = {"you": ("#e6f4ea", "#1e7b34"), "wait": ("#f1f1f1", "#9e9e9e"),
                   "end": ("#fff3c4", "#d72600")}

#: A choice the game waits for has its words under its phase's name (a new
#: phase needs only its texts): play.status.phase_<phase name, lower case>.
_STATUS_KEY = "play.status.phase_{}"


def status_text(game: Game, me: int, lang: str, kinds: Collection[MoveKind], decides: bool,
                paused: bool = False, wild: Card | None = None) -> tuple[str, str]:
    """The status line and its look (``you``: the person decides, ``wait``,
    ``end``).  ``kinds``: the kinds of the person's moves now; ``decides``:
    the game waits for the person; ``paused``: for a jump-in of theirs;
    ``wild``: the Wild clicked, waiting for its colour."""
    if game.is_over and game.outcome is not None:
        champion = game.outcome.winner
        if champion == me:
            return text("play.status.you_won_game", lang), "end"
        return text("play.status.game_over", lang, player=game.names[champion]), "end"
    if game.phase is Phase.ROUND_OVER and game.round_results:
        winner = game.round_results[-1].winner
        if winner == me:
            return text("play.status.you_won_round", lang), "end"
        return text("play.status.round_over", lang, player=game.names[winner]), "end"
    if not decides:
        return text("play.status.thinking", lang, player=game.names[game.current]), "wait"
    if paused:
        return text("play.status.jump_in", lang), "you"
    if wild is not None:
        return text("play.status.wild", lang, card=card_name(wild, lang)), "you"
    phase = game.phase
    if phase is Phase.DRAWN and game.drawn_card is not None:
        return text("play.status.drawn", lang, card=card_name(game.drawn_card, lang)), "you"
    if phase is Phase.PENALTY:
        if CHALLENGE in kinds:  # (V-W4-ANYTIME: never a bluff, a challenge always fails)
            key = "play.status.challenge_anytime" if game.rules.w4_anytime else \
                "play.status.challenge"
            return text(key, lang, count=game.pending), "you"
        key = "play.status.penalty_answer" if PLAY in kinds else "play.status.penalty"
        return text(key, lang, count=game.pending,
                    button=text("play.take_button", lang, count=game.pending)), "you"
    choosing = _STATUS_KEY.format(phase.name.lower())
    if has(choosing):
        values = {}
        if phase is Phase.READY:  # T-READY's line says how many cards were drawn (4 or more)
            values["count"] = next((len(e.cards) for e in reversed(game.events)
                                    if isinstance(e, Drew) and e.player == me), 0)
        return text(choosing, lang, **values), "you"
    return text("play.status.turn" if PLAY in kinds else "play.status.turn_no_card", lang), "you"


def status_html(game: Game, me: int, lang: str, kinds: Collection[MoveKind], decides: bool,
                paused: bool = False, wild: Card | None = None) -> str:
    """The status line (:func:`status_text`) in its box, coloured by its look."""
    said, look = status_text(game, me, lang, kinds, decides, paused, wild)
    background, edge = _STATUS_COLOURS[look]
    return (f'<div class="uno-status-line uno-status-{look}" style="font-size:1.15em;'
            f'font-weight:bold;padding:6px 10px;border-radius:6px;background:{background};'
            f'border-left:6px solid {edge}">{escape(said)}</div>')


def why_not(game: Game, me: int, lang: str, move: Move, kinds: Collection[MoveKind]) -> str:
    """Why a click of the person's (``move``, which the rules do not allow
    now) does not count, in their words; ``kinds``: the kinds of the moves
    the person may make now."""
    card = move.card
    named = card_name(card, lang) if card is not None else ""
    if game.current != me:  # the game paused for a jump-in
        return text("play.refused.jump_in", lang, top=card_name(game.discard[-1], lang))
    phase = game.phase
    if move.kind is DRAW and phase is Phase.TURN:
        return text("play.refused.draw", lang)  # V-FORCE-PLAY
    if move.kind is not PLAY or card is None:
        return text("play.refused.not_now", lang)
    if phase is Phase.DRAWN and game.drawn_card is not None:
        return text("play.refused.drawn", lang, card=card_name(game.drawn_card, lang))
    if phase is Phase.PENALTY:
        take = text("play.take_button", lang, count=game.pending)
        if PLAY in kinds:
            return text("play.refused.penalty_answer", lang, card=named, count=game.pending)
        return text("play.refused.penalty", lang, count=game.pending, button=take)
    if phase is not Phase.TURN:
        return text("play.refused.choose", lang)
    if card.rank == "W+4" and any(c.colour == game.colour for c in game.hands[me]):
        return text("play.refused.wild_four", lang,
                    colour_of=colour_name(game.colour, lang, of=True))
    top = game.discard[-1]
    if not card.is_black and card.colour != game.colour and card.rank != top.rank:
        return text("play.refused.mismatch", lang, card=named,
                    colour=colour_name(game.colour, lang), top=card_name(top, lang))
    return text("play.refused.card", lang, card=named)


def table_html(game: Game, me: int, lang: str, rounds: int | None = 1) -> str:
    """The table: every seat in turn order with the number of cards held
    (a bot's cards face down), the top card, the colour in force, the
    direction and the draw pile.  The person's cards are the buttons below.
    ``rounds`` other than 1: each seat's score is shown too."""
    over = game.is_over or game.phase is Phase.ROUND_OVER
    seats = []
    for s, hand in enumerate(game.hands):
        count = len(hand)
        moving = s == game.current and not over
        style = ("border:2px solid #ffb300;background:#fff8e1" if moving
                 else "border:2px solid #dddddd;background:#ffffff")
        lines = [f'<div style="font-weight:bold">{escape(game.names[s])}</div>']
        if s == me:
            lines.append(f'<div>{escape(text("play.table.your_cards", lang, count=count))}</div>')
        else:
            backs = "".join(back_svg(FACE_DOWN, title=text("play.table.face_down", lang),
                                     style="margin:0 0 0 -16px" if i else "margin:0")
                            for i in range(count))
            lines.append(f'<div class="uno-backs" style="padding-left:2px">{backs}</div>')
            lines.append(f'<div>{escape(text("play.table.cards", lang, count=count))}</div>')
        if rounds != 1:
            score = text("play.table.score", lang, points=fmt_int(game.scores[s], lang))
            lines.append(f'<div>{escape(score)}</div>')
        if moving:  # dark amber: 6.0:1 on the seat's pale yellow (WCAG AA)
            lines.append(f'<div style="color:#8a5200">▶ {escape(text("play.table.turn", lang))}'
                         '</div>')
        seat_class = "uno-seat uno-seat-current" if moving else "uno-seat"
        if s == me:
            seat_class += " uno-seat-you"
        seats.append(f'<div class="{seat_class}" style="{style};border-radius:8px;'
                     f'padding:6px 10px;min-width:110px">{"".join(lines)}</div>')
    top = game.discard[-1] if game.discard else None
    centre = ""
    if top is not None:
        in_force = game.colour
        chosen = in_force if top.is_black else None
        named = card_name(top, lang, colour=chosen)
        direction = "play.table.clockwise" if game.direction == 1 else "play.table.counter"
        said = [escape(text("play.table.top", lang, card=named))]
        if in_force is not None:
            chip = colour_symbol_svg(in_force, 18)  # its symbol, as on the cards
            colour = text("play.table.colour", lang, colour=colour_name(in_force, lang))
            said.append(f'{chip} {escape(colour)}')
        said += [escape(text(direction, lang)),
                 escape(text("play.table.pile", lang, count=len(game.draw_pile)))]
        info = "<br>".join(said)
        centre = (f'<div style="display:flex;gap:16px;align-items:center;margin-top:10px">'
                  f'<div class="uno-top">{card_svg(top, 64, chosen, title=named)}</div>'
                  f'<div class="uno-table-info">{info}</div></div>')
    return ('<div class="uno-play-table" style="font-family:sans-serif">'
            '<div class="uno-seats" style="display:flex;flex-wrap:wrap;gap:8px">'
            f'{"".join(seats)}</div>{centre}{symbol_legend_html(lang, pale=True, short=True)}'
            '</div>')


def round_won(game: Game, me: int, lang: str, result: RoundResult) -> str:
    """Who won the round ``result``, for the person ``me``."""
    if result.winner == me:
        return text("play.end.you_won_round", lang, round=result.round)
    return text("play.end.round_won", lang, player=game.names[result.winner],
                round=result.round)


def end_panel_html(game: Game, me: int, lang: str, rounds: int | None = 1) -> str:
    """The end panel of a finished round (or game): who won, how it was
    scored, what comes next, and the hands that were left with their points —
    the only place a bot's cards are ever shown.  Only for a game whose round
    is over (``game.round_results`` not empty)."""
    result = game.round_results[-1]
    hands = result.hands or tuple(tuple(h) for h in game.hands)
    drop = game.rules.drop_zero
    points = [hand_points(h, drop) for h in hands]
    lines = []
    if game.is_over and game.outcome is not None:
        title = text("play.end.game_title", lang)
        champion = game.outcome.winner
        lines.append(text("play.end.you_won_game", lang) if champion == me
                     else text("play.end.game_won", lang, player=game.names[champion]))
        if result.winner != champion or game.round_no > 1:
            lines.append(round_won(game, me, lang, result))
    else:
        title = text("play.end.round_title", lang, round=result.round)
        lines.append(round_won(game, me, lang, result))
    scoring = game.rules.scoring
    if scoring == "winner":
        lines.append(text("play.end.how.winner", lang, count=result.points,
                          shown=fmt_int(result.points, lang)))
    elif scoring == "penalty":
        lines.append(text("play.end.how.penalty", lang))
    elif result.loser >= 0:
        lines.append(text("play.end.how.lazy", lang, player=game.names[result.loser],
                          count=points[result.loser], shown=fmt_int(points[result.loser], lang)))
    if not game.is_over:
        goal = fmt_int(game.rules.target_score, lang)
        if rounds is not None:
            lines.append(text("play.end.rounds", lang, rounds=rounds, goal=goal))
        elif scoring != "lazy":
            lines.append(text("play.end.target", lang, goal=goal))
    head = "".join(f'<th style="text-align:left;padding:2px 10px">{escape(text(k, lang))}</th>'
                   for k in ("play.end.player", "play.end.cards", "play.end.points",
                             "play.end.score"))
    rows = []
    for s, hand in enumerate(hands):
        won = s == result.winner
        mark = f' ★ {escape(text("play.end.winner_mark", lang))}' if won else ""
        pictures = "".join(card_svg(c, 24, title=card_name(c, lang)) for c in hand)
        rows.append(
            f'<tr class="uno-score-row" style="{"background:#fff3c4;font-weight:bold" if won else ""}">'
            f'<td style="padding:2px 10px">{escape(game.names[s])}{mark}</td>'
            f'<td style="padding:2px 10px"><span style="display:inline-flex;flex-wrap:wrap;'
            f'align-items:center;gap:2px"><span style="min-width:1.6em">'
            f'{fmt_int(len(hand), lang)}</span>{pictures}</span></td>'
            f'<td style="padding:2px 10px;text-align:right">{fmt_int(points[s], lang)}</td>'
            f'<td class="uno-score" style="padding:2px 10px;text-align:right">'
            f'{fmt_int(game.scores[s], lang)}</td></tr>')
    said = "".join(f"<p>{escape(line)}</p>" for line in lines)
    return ('<div style="border:3px solid #d72600;border-radius:10px;padding:8px 16px;'
            'background:#fffdf5;font-family:sans-serif">'
            f'<h3 style="margin:4px 0">{escape(title)}</h3>{said}'
            f'<table class="uno-scores" style="border-collapse:collapse"><tr>{head}</tr>'
            f'{"".join(rows)}</table></div>')


#: Why the person drew, when it was done to them (not their own draw of a turn).
_DRAWN_ON_YOU = frozenset({"penalty", "start", "challenge", "uno", "misplay", "table"})
#: The events of rules that move cards between hands, or skip someone, that
#: hit the players they name (a 0's hands passed on hit everyone).
_HAND_EVENTS = (ev.HandsSwapped, ev.CardsExchanged, ev.SkipBounced)
#: The events that turn something on their target: a pending draw stacked,
#: passed on or sent back to them, a card exchange they are chosen for.
_AIMED_EVENTS = (ev.DrawAnswered, ev.DrawBounced, ev.ExchangeChosen)


def _hits_me(event: ev.Event, me: int) -> bool:
    if isinstance(event, Drew):
        return event.player == me and event.reason in _DRAWN_ON_YOU and bool(event.cards)
    if isinstance(event, (ev.Skipped, ev.UnoCaught)):
        return event.player == me
    if isinstance(event, _HAND_EVENTS):
        return me in (event.player, event.target)
    if isinstance(event, _AIMED_EVENTS):
        return event.target == me
    return isinstance(event, ev.HandsPassedOn)


def hits(game: Game, me: int, mark: int) -> list[ev.Event]:
    """What the others did to the person since the events' index ``mark``
    (their last move): cards they had to draw, a turn they lost, a hand
    swapped or passed on, a forgotten UNO! caught; each after the card that
    did it (the last card played before it by someone else, or the start
    card) where a card did it: a Draw Two's or a start card's draw, a skip, a
    swap; a caught UNO! or a table penalty has no such card.
    ``mark`` 0: everything since the deal (the bots' opening moves)."""
    shown: list[ev.Event] = []
    cause: ev.Event | None = None
    for event in game.events[mark:] if mark > 0 else game.events:
        if isinstance(event, ev.Played):
            cause = event if event.player != me else None
        elif isinstance(event, ev.StartCard):
            cause = event  # a Skip or a Draw Two turned up as the start card
        elif _hits_me(event, me):
            by_card = not isinstance(event, (ev.UnoCaught, Drew)) or (
                isinstance(event, Drew) and event.reason in ("penalty", "start"))
            # (events are compared by identity: two plays of the same card are two)
            if cause is not None and by_card and all(e is not cause for e in shown):
                shown.append(cause)
            shown.append(event)
    return shown


def hits_html(game: Game, me: int, lang: str, mark: int) -> str:
    """:func:`hits` announced on the table, in the log's words for the
    person's seat (``''`` when nothing was done to them).  The box it is
    shown in (``uno-hits-box``) is the live region that reads it out: the
    list carries no role of its own, or a screen reader says it twice."""
    found = hits(game, me, mark)
    if not found:
        return ""
    lines = "".join(f'<li>{escape(game.event_text(e, lang, viewer=me))}</li>' for e in found)
    return ('<div class="uno-hits" style="background:#fdecea;border-left:6px solid '
            '#d72600;border-radius:6px;padding:4px 10px;margin:4px 0">'
            f'<b>{escape(text("play.hits", lang))}</b>'
            f'<ul style="margin:2px 0 2px 1.2em;padding:0">{lines}</ul></div>')


def _p(said: str) -> str:
    return f'<p style="line-height:1.4;margin:0.3em 0">{escape(said)}</p>'


def work_out_html(game: Game, me: int, lang: str, decides: bool,
                  bluff: str | None = None) -> str:
    """"What can I work out?": the exact odds from the person's seat, from
    what that seat sees (their hand, the discard pile, the number of cards
    each other hand holds), never from a bot's hidden cards.  When a Wild
    Draw Four waits for their answer, the chance that it is a bluff, what
    each choice costs on average and which pays (the card-odds lesson's own
    reasoning, :func:`~uno_nb.widgets.odds_challenge.challenge_reasoning`),
    what that chance assumes and, beside it, how the bot has played its Wild
    Draw Fours so far (:func:`bot_record`; ``bluff``: the bots' setting, the
    word of the page's menu, when they are the thoughtful ones: with
    "never", the count's verdict is followed by what it means against bots
    that never bluff — a challenge fails, take the cards); on their turn,
    the chance that a card drawn fits and the cards that fit."""
    from .odds_challenge import challenge_reasoning
    from .odds_panel import seat_name, top_name

    if game.is_over or game.phase is Phase.ROUND_OVER:
        return _p(text("odds.panel.over", lang))
    if not decides or game.current != me or not game.discard:
        return _p(text("play.work_out.wait", lang))
    name = seat_name(game, me, lang)
    if game.colour is None:  # a Wild turned up to start: its colour is theirs to choose
        return _p(text("odds.panel.choosing", lang, player=name))
    view = game.view(me)
    moves = game.turn_moves()
    if view.challengeable is not None and any(m.kind is CHALLENGE for m in moves):
        if game.rules.w4_anytime:  # never a bluff: no chance to count
            return _p(text("play.work_out.anytime", lang, pending=view.pending,
                           cost=view.pending + 2))
        reasoning = challenge_reasoning(game, view, lang)
        accused = view.challengeable[0]
        said = [reasoning.rule, reasoning.count, reasoning.expect]
        verdict = reasoning.verdict
        if bluff == "never":  # the count's verdict is for a player who may bluff: not these
            said.append(verdict)
            verdict = text("play.work_out.verdict_never", lang, pending=view.pending,
                           cost=view.pending + 2)
        return "".join(map(_p, said)) + (
            f'<p style="line-height:1.4;margin:0.3em 0;font-weight:bold">'
            f"{escape(verdict)}</p>") + (
            f'<div class="uno-work-out-assumes" style="border-left:4px solid #1f3b63;'
            f'padding-left:8px;margin:0.4em 0">'
            f'{"".join(map(_p, bot_record(game, accused, lang, bluff)))}</div>')
    if game.phase is Phase.PENALTY:  # draw the pending cards, or answer with a card
        answers = sorted({m.card for m in moves if m.kind is PLAY and m.card is not None},
                         key=lambda c: c.text)
        if answers:
            return _p(text("play.work_out.answer", lang, pending=game.pending,
                           count=len(answers),
                           cards=text("odds.list_sep", lang).join(card_name(c, lang)
                                                                  for c in answers)))
        return _p(text("play.work_out.no_answer", lang, pending=game.pending))
    if game.phase is not Phase.TURN:  # keep a drawn card, swap, give…: nothing to count
        return _p(text("play.work_out.choice", lang))
    playable = odds.playable_predicate(view)
    unseen, good = odds.unseen_counts(view, playable)
    top = top_name(view, lang)
    own = sum(1 for c in view.hand if playable(c))
    said = [text("odds.panel.seen", lang, player=name, hand=len(view.hand),
                 discard=len(view.discard), unseen=unseen),
            text("odds.panel.draw", lang, player=name, unseen=unseen, good=good, top=top,
                 ratio=fmt_ratio(good, unseen, lang),
                 percent=fmt_percent(odds.chance_draw_playable(view), lang)),
            text("odds.panel.has", lang, player=name, count=own, top=top) if own
            else text("odds.panel.has_none", lang, player=name, top=top)]
    return "".join(map(_p, said))


def bot_record(game: Game, accused: int, lang: str, bluff: str | None = None) -> list[str]:
    """What the chance of a bluff assumes — the cards the person cannot see
    dealt at random — and, beside it, how ``accused`` has played this game:
    the Wild Draw Fours it has played (this one included) and what the
    challenges of the earlier ones showed (a single earlier one has its own
    sentences: no number is said there to choose a plural form by, and in
    Russian more than an ending changes).  Only what everyone at the table
    has seen counts (the cards played, the verdicts of challenges), never a
    hand.  ``bluff``: the word of the page's "Bots bluff" menu, said too."""
    name = game.names[accused]
    fours = sum(1 for e in game.events if isinstance(e, ev.Played) and e.player == accused
                and e.card.rank == "W+4")
    verdicts = [e.guilty for e in game.events
                if isinstance(e, ev.Challenged) and e.accused == accused]
    said = [text("play.work_out.assumes", lang, accused=name)]
    if fours <= 1:
        said.append(text("play.work_out.first", lang, accused=name))
    else:
        said.append(text("play.work_out.record", lang, accused=name, fours=fours))
        if fours == 2 and len(verdicts) <= 1:  # one earlier card: "the earlier one"
            key = ("play.work_out.none_challenged_one" if not verdicts
                   else "play.work_out.caught_one" if verdicts[0]
                   else "play.work_out.cleared_one")
            said.append(text(key, lang, accused=name))
        elif verdicts:
            caught = sum(1 for v in verdicts if v)
            said.append(text("play.work_out.challenged", lang, accused=name,
                             challenged=len(verdicts), caught=caught,
                             cleared=len(verdicts) - caught))
        else:
            said.append(text("play.work_out.none_challenged", lang, accused=name))
    if bluff == "never":
        said.append(text("play.work_out.setting_never", lang))
    elif bluff is not None:
        said.append(text("play.work_out.setting", lang,
                         setting=text(f"play.bluff.{bluff}", lang)))
    return said


def log_html(game: Game, me: int, lang: str, mark: int = 0) -> str:
    """The log, newest first, written for the person's seat ``me``: what the
    bots drew is not named.  The events from index ``mark`` on (what happened
    since the person's last move) are highlighted; each line names its rule,
    small."""
    mark = min(mark, len(game.events))
    rows = []
    for i, event in enumerate(game.events):
        said = escape(game.event_text(event, lang, viewer=me))
        rule = (f' <span class="uno-rule" style="color:#666;font-size:11px">'
                f'{escape(rule_name(event.rule, lang))}</span>' if event.rule else "")
        new = i >= mark and mark > 0
        style = ' style="background:#fff8d6"' if new else ""
        rows.append(f'<div class="uno-log-line{" uno-log-new" if new else ""}"{style}>'
                    f'{said}{rule}</div>')
    rows.reverse()  # newest first: the last move is always in sight
    # a scrolled box a keyboard can reach and scroll, named for a screen reader
    return (f'<div tabindex="0" role="region" aria-label="{escape(text("play.log", lang))}" '
            'style="max-height:260px;overflow-y:auto;font-family:sans-serif;'
            f'font-size:13px;line-height:1.5">{"".join(rows)}</div>')
