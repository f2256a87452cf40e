"""The game: a seeded match of Uno rounds under one :class:`~uno_nb.engine.rules.RuleSet`.

The shape follows python-chess: a mutable :class:`Game` with
:meth:`~Game.push` / :meth:`~Game.pop` / :meth:`~Game.redo`, legal moves that
read like English (``move in game.legal_moves()``), an
:class:`~uno_nb.engine.errors.IllegalMoveError` for anything else, and the end of the
game as data (:class:`Outcome`).

Randomness: every shuffle takes a fresh ``random.Random`` seeded from the
game's seed and a counter, so the whole state is plain data, one seed and one
list of moves always give the same game, and nothing global is touched.

>>> g = Game(seed=7)
>>> g.phase, g.current, len(g.hands[0])
(<Phase.TURN: 0>, 1, 7)
>>> g.push("draw")  # the player to act draws a card
>>> g.pop()
Move('1:draw')
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Iterable, Sequence

from . import events as ev
from .cards import Card, Colour, card_order, parse_cards, parse_colour
from .effects import Effects
from .errors import IllegalMoveError, NotationError, PositionError, RuleError
from .explaining import Explaining
from .house import house_of
from .house.jump_in import jump_rule
from .moves import DRAW, MAX_PLAYERS, PLAY, Move, parse_move
from .rules import RuleSet
from .view import PlayerView
from .state import (COUNTED_RULES, DECK_COUNTS, DECKS, DRAW_MOVES, DRAWN, DRAWN_MOVES, GAME_OVER,
                    HAND_SIZE, MATCH, PASS_MOVES, PENALTY, PLAY_TABLES, PLAYS_BY_BIT,
                    REFILLS, TURN, TURN_MOVES, TURN_PHASES, WHEEL, Annotation, Outcome, Phase,
                    RoundResult, mask_of)
from ..texts import player_name, sentence

__all__ = ["Game", "Phase", "Outcome", "RoundResult", "HAND_SIZE", "WHEEL", "REFILLS",
           "COUNTED_RULES", "GAME_OVER", "Annotation"]

# Players are numbered from 1 for people ("Player 1" is seat 0); in another
# language texts.player_name gives that language's default.
_DEFAULT_NAMES = {n: tuple(player_name(i) for i in range(n)) for n in range(2, MAX_PLAYERS + 1)}
#: The undo history keeps the whole state before every _CHECKPOINT-th move.
_CHECKPOINT = 16


class Game(Effects, Explaining):
    """A match of Uno rounds.

    ``Game(rules, players, seed)`` chooses the dealer (R-DEALER), deals
    (R-DEAL) and turns the start card (R-START); :meth:`from_position` sets up
    any position instead.  ``max_rounds`` ends the game after that many
    rounds (``1`` plays a single round) even before the target score.

    With ``record=False`` the game keeps no event log and no undo history:
    that is the fast mode simulations use.  Everything else is identical.

    The rules live in the modules this class is made of (:mod:`uno_nb.engine.deal`,
    :mod:`uno_nb.engine.legality`, :mod:`uno_nb.engine.explaining`, :mod:`uno_nb.engine.effects`,
    :mod:`uno_nb.engine.drawing`, :mod:`uno_nb.engine.challenge`, :mod:`uno_nb.engine.table_talk`,
    :mod:`uno_nb.engine.rounds`); its state is declared once in :mod:`uno_nb.engine.state`.
    """

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): the set-up, the rule
    #: flags and move tables the hot path reads, the undo history.
    OWNS: ClassVar[tuple[str, ...]] = (
        "rules", "n", "seed", "names", "given_names", "max_rounds", "record", "_full_deck",
        "_deck_counts", "_position", "_initial", "_bluff", "_anytime", "_wheel", "_answers",
        "_slow", "_talk", "_until", "_ready", "_h2o", "_must_play", "_plays", "_plays_by_bit",
        "_drawn_moves", "_known", "_draw_moves", "_pass_moves", "_house", "_history", "_redo")

    def __init__(self, rules: RuleSet | str | None = None, players: int = 4, seed: int = 0, *,
                 names: Sequence[str] | None = None, max_rounds: int | None = None,
                 record: bool = True) -> None:
        self._init_common(rules, players, seed, names, max_rounds, record)
        rng = self._rng()
        self._choose_dealer(rng)
        self._deal_round(self.dealer, rng)
        self._finish_init()

    # ------------------------------------------------------------------ setup

    def _init_common(self, rules: RuleSet | str | None, players: int, seed: int,
                     names: Sequence[str] | None, max_rounds: int | None, record: bool) -> None:
        rules = RuleSet.coerce(rules)
        if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
            raise RuleError(f"R-PLAYERS: Uno is for 2 to {MAX_PLAYERS} players, got {players!r}")
        if type(seed) is not int or seed < 0:
            raise RuleError(f"the seed must be a whole number >= 0, got {seed!r}")
        if max_rounds is not None and (type(max_rounds) is not int or max_rounds < 1):
            raise RuleError(f"max_rounds must be a whole number >= 1 or None, got {max_rounds!r}")
        given: tuple[str, ...] | None = None
        if names is None:
            names = _DEFAULT_NAMES[players]
        else:
            given = names = tuple(str(name) for name in names)
            if len(names) != players or len(set(names)) != players or not all(names):
                raise RuleError(f"give {players} different, non-empty player names, got {names!r}")
        self.given_names = given
        self.rules = rules
        self.n = players
        self.seed = seed
        self.names = names
        self.max_rounds = max_rounds
        self.record = record
        self._position = None
        self._initial = None
        deck_key = rules.deck_key
        self._full_deck = DECKS[deck_key]
        self._deck_counts = DECK_COUNTS[deck_key]
        # Rule flags copied into attributes: the hot path reads these.
        self._bluff = rules.bluff_ok
        self._anytime = rules.draw_anytime
        self._wheel = rules.colour_wheel
        self._answers = rules.answers_open
        self._slow = rules.slow
        self._talk = rules.talk
        self._until = rules.draw_until_playable
        self._ready = rules.ready
        self._h2o = rules.h2o
        self._must_play = rules.must_play_drawn
        self._house = house_of(rules)  # the active house rules, by hook
        wheel = rules.colour_wheel
        self._plays = PLAY_TABLES[wheel]
        self._plays_by_bit = PLAYS_BY_BIT[wheel]
        self._drawn_moves = DRAWN_MOVES[wheel]
        self._known = TURN_MOVES[self._anytime, wheel]
        self._draw_moves = DRAW_MOVES
        self._pass_moves = PASS_MOVES
        self._new_position(players)  # every field of uno_nb.engine.state.POSITION
        self._deck = self._full_deck
        self.events = []
        # (move, note, events before it, the state before it or None): a
        # snapshot every _CHECKPOINT moves; pop() replays from the last one.
        self._history = []
        self._redo = []
        self._cache = None  # turn_moves() until the next move
        self._cache_plays = ()

    def _finish_init(self) -> None:
        self._initial = self._snapshot() if self.record else None

    @property
    def fired(self) -> Counter[str]:
        """How often each rule took effect so far, by rule id."""
        return Counter({rule: n for rule, n in self._fired.items() if n})

    @classmethod
    def from_position(cls, rules: RuleSet | str | None = None, *,
                      hands: Sequence[Iterable[Card | str] | str],
                      discard: Iterable[Card | str] | str,
                      draw_pile: Iterable[Card | str] | str = (),
                      current: int = 0, direction: int = 1,
                      colour: Colour | str | None = None, dealer: int | None = None,
                      scores: Sequence[int] | None = None, top_by: int | None = None,
                      seed: int = 0, names: Sequence[str] | None = None,
                      max_rounds: int | None = None, record: bool = True) -> "Game":
        """Set up a position by hand, for lessons and tests.

        ``discard`` lists the discard pile bottom to top; ``draw_pile`` lists
        the draw pile top first (the next card drawn is ``draw_pile[0]``).
        ``colour`` is needed when the top card is black.  ``top_by`` is the seat
        that played the top card (it opens the card to jump-ins); by default
        it is treated like a start card.  The cards need not be a whole deck,
        but no card may appear more often than the deck holds it; the game is
        played with the cards given (a later round is dealt from the whole deck).

        >>> g = Game.from_position(hands=["R7 G2", "B5"], discard="R5", draw_pile="Y1 Y2")
        >>> [m.action for m in g.legal_moves()]
        ['R7', 'draw']
        """
        self = cls.__new__(cls)
        try:
            hand_lists = [parse_cards(hand) for hand in hands]
        except TypeError:
            raise PositionError(f"hands must be a list of card lists, got {hands!r}") from None
        players = len(hand_lists)
        self._init_common(rules, players, seed, names, max_rounds, record)
        pile = parse_cards(discard)
        drawp = parse_cards(draw_pile)
        if not pile:
            raise PositionError("the discard pile needs at least its top card")
        used = Counter(pile) + Counter(drawp)
        for hand in hand_lists:
            used.update(hand)
        extra = {card.text: used[card] - self._deck_counts[card]
                 for card in used if used[card] > self._deck_counts[card]}
        if extra:
            detail = ", ".join(f"{text} ({n} too many)" for text, n in sorted(extra.items()))
            raise PositionError(f"more copies than the deck holds: {detail}")
        if type(current) is not int or not 0 <= current < players:
            raise PositionError(f"current must be a seat 0 to {players - 1}, got {current!r}")
        if direction not in (1, -1):
            raise PositionError(f"direction must be 1 (clockwise) or -1, got {direction!r}")
        top = pile[-1]
        if colour is None:
            if top.colour is None:
                raise PositionError(f"the top card {top} is black: say which colour is in force")
            colour = top.colour
        else:
            colour = parse_colour(colour) if isinstance(colour, str) else Colour(colour)
            if top.colour is not None and colour != top.colour:
                raise PositionError(f"the top card {top} is {top.colour.word}, not {colour.word}")
        if dealer is None:
            dealer = (current - 1) % players
        if type(dealer) is not int or not 0 <= dealer < players:
            raise PositionError(f"dealer must be a seat 0 to {players - 1}, got {dealer!r}")
        if top_by is not None and (type(top_by) is not int or not 0 <= top_by < players):
            raise PositionError(f"top_by must be a seat 0 to {players - 1}, got {top_by!r}")
        if scores is not None:
            if len(scores) != players or any(type(s) is not int or s < 0 for s in scores):
                raise PositionError(f"scores must be {players} whole numbers >= 0, got {scores!r}")
            self.scores = list(scores)
        self._deck = tuple(sorted(used.elements(), key=card_order))
        self.hands = hand_lists
        self._hmask = [mask_of(h) for h in hand_lists]
        self.discard = pile
        self.draw_pile = list(reversed(drawp))
        self.current = current
        self.direction = direction
        self.colour = colour
        self._match = MATCH[colour][pile[-1].rank]
        self.dealer = dealer
        self.round_no = 1
        self.top_by = -1 if top_by is None else top_by
        self._position = {
            "hands": [[c.text for c in h] for h in hand_lists],
            "discard": [c.text for c in pile], "draw_pile": [c.text for c in drawp],
            "current": current, "direction": direction, "colour": colour.letter,
            "dealer": dealer, "scores": list(self.scores), "top_by": top_by}
        self._finish_init()
        return self

    # ------------------------------------------------------------- queries

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def actor(self) -> int:
        """The seat whose turn move the game waits for (the dealer, between rounds)."""
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase is GAME_OVER

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move pushed so far (what a saved game stores)."""
        return tuple(entry[0] for entry in self._history)

    @property
    def notes(self) -> tuple[Annotation | None, ...]:
        return tuple(entry[1] for entry in self._history)

    @property
    def out(self) -> tuple[bool, ...]:
        """V-TO-THE-LAST: which players are out of the current round."""
        return tuple(self._is_out)

    @property
    def silence(self) -> tuple[str, int] | None:
        """T-SILENT-TWOS: ``("2", owner)`` or ``("black", colour)`` while silence
        holds, else ``None``."""
        return self._silence

    @property
    def slapper(self) -> int | None:
        """T-UNO-CENTER: the seat that called "UNO!" while the others race to
        slap the table (the slowest hand draws), else ``None``."""
        return self._slap if self._slap >= 0 else None

    @property
    def in_turn(self) -> bool:
        """Whether a turn is under way: the current player plays, draws, or
        answers a pending draw (not a choice, a wait or the end of a round)."""
        return self.phase in TURN_PHASES

    def refills_left(self, seat: int) -> int:
        """V-SEVEN-ROUNDS: how many more times ``seat`` refills before the
        next empty hand wins."""
        return len(REFILLS) - self._refills[seat]

    def card_count(self) -> int:
        """All cards in hands and piles: the deck size, always."""
        return len(self.draw_pile) + len(self.discard) + sum(map(len, self.hands))

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is (equal to the deck, always)."""
        every = Counter(self.draw_pile)
        every.update(self.discard)
        for hand in self.hands:
            every.update(hand)
        return every

    def deck(self) -> list[Card]:
        """The cards this game is played with."""
        return list(self._deck)

    def parse_move(self, text: str | Move) -> Move:
        """Read a move; without ``seat:``, it is the move of :attr:`actor`."""
        if isinstance(text, Move):
            return text
        return parse_move(text, self.current)

    # -------------------------------------------------------- push / pop

    def push(self, move: Move | str, note: Annotation | None = None) -> None:
        """Make a move (a :class:`Move` or its text).  An illegal move raises
        :class:`IllegalMoveError` saying why, and changes nothing (under
        V-MISPLAY-PENALTY a wrong card or a false call costs 2 cards instead)."""
        # A move taken from the current turn_moves() is legal as it stands and
        # is the turn player's own; anything else (jump-ins, UNO calls, text)
        # is checked in full.
        cache = self._cache
        misplay = None
        if cache is not None and move in cache:
            jump = False
        else:
            move = self._parsed(move)
            if not self.is_legal(move):
                for misplay in self._house.misplaying:  # V-MISPLAY-PENALTY
                    if misplay.is_misplay(self, move):
                        break  # recorded, then penalised
                else:
                    raise IllegalMoveError(self._why_illegal(move))
            jump = move.player != self.current
        if self.record:  # the undo history: the move, and now and then the whole position
            history = self._history
            history.append((move, note, len(self.events),
                            None if len(history) % _CHECKPOINT else self._snapshot()))
            if self._redo:
                self._redo.clear()
        self._cache = None
        if misplay is not None:
            misplay.misplayed(self, move)
            return
        kind = move.kind
        if kind is not PLAY:
            if kind is DRAW and self.phase is TURN and self.uno_open < 0 and not self._slow:
                self.turns += 1
                self._turn_draw(move.player)
            else:
                self._apply(move, note)
            return
        # Playing a card, the hot path of every simulation: a number card
        # played on one's own turn touches as little as possible.
        if self.uno_open >= 0:
            self.uno_open = -1  # R-UNO: the next player has started their turn
        p = move.player
        card = move.card
        assert card is not None  # a PLAY move always names its card
        phase = self.phase
        hand = self.hands[p]
        if jump and card is not self.discard[-1]:
            jump = False  # not a jump-in: a Reverse sending a Skip back (V-REVERSE-BOUNCE)
        hand.remove(card)
        if card not in hand:
            self._hmask[p] ^= card.bit
        self.discard.append(card)
        if phase is DRAWN:
            self.drawn_card = None
        else:
            self.turns += 1
        rule = jump_rule(self, p, card) if jump else ""  # V-JUMP-IN, V-DOUBLES, …
        self.top_by = p
        if self.record:
            self._log_play(p, card, move.colour, rule, note)
        if self._h2o:
            self._played_last(p, card)  # V-H2O: the card a player goes out on
        if card.is_number and not self._slow:
            self.colour = card.colour
            self._match = card.match
            # the next seat, _after(p) inline: off "slow", nobody is ever out of the round
            self.current = (p + self.direction) % self.n
            if phase is not TURN:
                if phase is PENALTY:
                    self._clear_pending()
                self.phase = TURN
            if len(hand) < 2:
                self._one_or_none_left(p, hand)
            return
        if self._action(p, card, move.colour, phase):
            if len(hand) < 2:
                self._one_or_none_left(p, hand)
            elif self.phase is PENALTY:
                self._take_forced_penalty()
        if self._talk:
            self._talk_after_play(card)

    def _parsed(self, move: Move | str) -> Move:
        if not isinstance(move, Move):
            try:
                return self.parse_move(move)
            except NotationError as exc:
                raise IllegalMoveError(str(exc)) from None
        return move

    def push_many(self, moves: Iterable[Move | str]) -> None:
        """Push several moves; if one is illegal, none of them stays pushed."""
        done = 0
        try:
            for move in moves:
                self.push(move)
                done += 1
        except IllegalMoveError as exc:
            if self.record:
                for _ in range(done):
                    self.pop()
                self._redo.clear()
            raise IllegalMoveError(f"move {done + 1}: {exc}") from None

    def pop(self) -> Move:
        """Undo the last move (and keep it for :meth:`redo`)."""
        if not self.record:
            raise IllegalMoveError("this game was made with record=False: it keeps no undo history")
        if not self._history:
            raise IllegalMoveError("nothing to undo: this is the start of the game")
        history = self._history
        move, note, _, snap = history.pop()
        if snap is not None:
            self._restore(snap)
        else:
            # Back to the last snapshot, then the moves after it once more
            # (the game is deterministic: they make the same state and events).
            start = len(history) - len(history) % _CHECKPOINT
            again = history[start:]
            del history[start:]
            snap = again[0][3]
            assert snap is not None
            self._restore(snap)
            redo, self._redo = self._redo, []
            for entry in again:
                self.push(entry[0], entry[1])
            self._redo = redo
        self._redo.append((move, note))
        return move

    def redo(self) -> Move:
        """Make again the move last undone."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move, note = self._redo[-1]
        redo = self._redo[:-1]
        self.push(move, note)
        self._redo = redo
        return move

    def last_events(self) -> list[ev.Event]:
        """The events the last move made (empty at the start of the game)."""
        if not self._history:
            return []
        return self.events[self._history[-1][2]:]

    def can_undo(self) -> bool:
        return bool(self._history)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def reset(self) -> None:
        """Back to the start of the game, keeping nothing to redo."""
        if not self.record:
            raise IllegalMoveError("this game was made with record=False: it keeps no undo history")
        self._restore(self._initial)  # type: ignore[arg-type]
        self._history.clear()
        self._redo.clear()

    # --------------------------------------------------------------- replay

    @classmethod
    def replay(cls, rules: RuleSet | str | None, players: int, seed: int,
               moves: Iterable[Move | str], **kwargs: Any) -> "Game":
        """A new game with ``moves`` pushed: the same game, every time."""
        game = cls(rules, players, seed, **kwargs)
        for move in moves:
            game.push(move if isinstance(move, Move) else
                      (parse_move(move) if ":" in move else move))
        return game

    # --------------------------------------------------------------- views

    def event_text(self, event: ev.Event, lang: str = "en", viewer: int | None = None,
                   codes: bool = False) -> str:
        """The sentence of ``event`` with this game's player names, in ``lang``;
        ``viewer``: the seat of the reader, who does not see others' cards."""
        return sentence(event, lang, self.given_names, viewer=viewer, codes=codes)

    def log(self, lang: str = "en", viewer: int | None = None) -> list[str]:
        """The event log as sentences (see :meth:`event_text`)."""
        return [self.event_text(e, lang, viewer) for e in self.events]

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (bots see only this)."""
        return PlayerView(self, seat)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {self.n}p seed={self.seed} round={self.round_no} "
                f"phase={self.phase.name} top={self.discard[-1] if self.discard else None} "
                f"colour={self.colour.letter if self.colour is not None else '-'} to_move={self.current}>")

    def _repr_html_(self) -> str:
        """A notebook shows the table: every hand, the top card and colour,
        the draw pile, whose turn it is (see :mod:`uno_nb.engine.render`)."""
        from .render import game_html
        return game_html(self)

    def describe(self) -> str:
        """A few lines for a person: whose turn, the top card, every hand."""
        lines = [f"Round {self.round_no}, {self.phase.name.lower().replace('_', ' ')}; "
                 f"top {self.discard[-1]} ({self.colour.word if self.colour is not None else 'no colour yet'}), "
                 f"{'clockwise' if self.direction == 1 else 'counter-clockwise'}; "
                 f"draw pile {len(self.draw_pile)}"]
        for seat, hand in enumerate(self.hands):
            mark = "->" if seat == self.current and self.phase is not GAME_OVER else "  "
            lines.append(f"{mark} {self.names[seat]:>6} [{self.scores[seat]:>3}] "
                         + " ".join(c.text for c in hand))
        return "\n".join(lines)

