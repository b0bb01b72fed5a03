"""The words of an engine game's scoresheet (its columns' titles and descriptions), which
the rules core writes in English in each game's SUMMARY_SCHEMA (games/ has no Django).

They are listed here for the catalogues (makemessages finds them) and translated when a
page or a printed sheet shows them; tests/i18n checks that every game's are listed, so a
new column fails that test until it is added here.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext, gettext_noop

from tournaments.sheet_fields import SheetField, sheet_fields

WORDS = (
    gettext_noop('Bid'),
    gettext_noop('the tricks each player bid to take'),
    gettext_noop('Tricks'),
    gettext_noop('the tricks each player took'),
    gettext_noop('Trump'),
    gettext_noop("the upcard's suit when someone accepted, else the bottom card's"),
    gettext_noop('Accepted by'),
    gettext_noop('the player who accepted trump; none when all declined'),
    gettext_noop('Card points'),
    gettext_noop("each side's card points (ace 4, king 3, queen 2, jack 1; 40 in all)"),
    gettext_noop('Winner'),
    gettext_noop('the side with more card points; none on equal points'),
    gettext_noop('Double'),
    gettext_noop('the hand counts double (a tie came before it)'),
    gettext_noop('Lines left'),
    gettext_noop("the lines left on each side's board after this hand"),
    gettext_noop('Marks'),
    gettext_noop("the marks on each side's board after this hand (a mark is gained when the accepting side loses)"),
    gettext_noop('Calypsos'),
    gettext_noop('calypsos completed so far by each player'),
    gettext_noop('Cards in calypso'),
    gettext_noop("cards in each player's unfinished calypso"),
    gettext_noop('Won-pile cards'),
    gettext_noop("cards in each side's won piles so far (10 points each)"),
    gettext_noop('Score'),
    gettext_noop("each side's score as it stands after this deal (after the fourth: the final score)"),
    gettext_noop('Bidder'),
    gettext_noop('the player who won the auction'),
    gettext_noop('the winning bid, in card points'),
    gettext_noop('the suit the bidder chose in secret'),
    gettext_noop('Revealed in trick'),
    gettext_noop('0: never revealed'),
    gettext_noop('Royals shown by'),
    gettext_noop('the player who showed king and queen of trump; none when nobody did'),
    gettext_noop('Contract'),
    gettext_noop('the bid after the royals'),
    gettext_noop("each side's card points (jack 3, nine 2, ace 1, ten 1)"),
    gettext_noop('Game point'),
    gettext_noop("the bidding side's result: +1 made, -1 set"),
    gettext_noop('the trump suit, or none when everyone passed twice'),
    gettext_noop('Maker'),
    gettext_noop('the player who ordered up or named trump; none when clubs were turned or nobody made trump'),
    gettext_noop('Stayed in'),
    gettext_noop('per seat: played the hand (the maker always does)'),
    gettext_noop('the tricks each player took (0 when they dropped)'),
    gettext_noop('Pitcher'),
    gettext_noop('the player who won the bidding and led the first card'),
    gettext_noop("the pitcher's bid: 2, 3, 4 or smudge (all four points and all six tricks)"),
    gettext_noop("the suit of the pitcher's first card"),
    gettext_noop('High'),
    gettext_noop('the side that took the highest trump played'),
    gettext_noop('Low'),
    gettext_noop('the side that captured the lowest trump played'),
    gettext_noop('Jack'),
    gettext_noop('the side that captured the jack of trumps; none when it was not played'),
    gettext_noop('Game'),
    gettext_noop('the side with more card points (ten 10, ace 4, king 3, queen 2, jack 1); none on a tie'),
    gettext_noop('Made'),
    gettext_noop("the pitcher's side made its bid"),
    gettext_noop('Declarer'),
    gettext_noop('points to make, after any raise for a trump change'),
    gettext_noop('trump named after the exchange (NT: no trump)'),
    gettext_noop('Called card'),
    gettext_noop('the card that named the partner, or none'),
    gettext_noop('Partner'),
    gettext_noop("the declarer's partner; none when the declarer played alone"),
    gettext_noop("Declarer side's points"),
    gettext_noop('20 minus the point cards the defenders took'),
    gettext_noop('Run'),
    gettext_noop("run: all 20 points to the declarer's side; back-run: 11 or more to the defenders"),
    gettext_noop('Points'),
    gettext_noop('the card points each player captured in the hand'),
    gettext_noop('Won'),
    gettext_noop('won the hand: the most points captured (ties: each)'),
    gettext_noop('each of the four tricks in order: the high bidder, the bid, made, missed or cracked, and who cracked the ribs'),
    gettext_noop('Cut'),
    gettext_noop('cards the dealer cut'),
    gettext_noop('Guess'),
    gettext_noop("the non-dealer's guess of the cut"),
    gettext_noop('Cut bonus'),
    gettext_noop('250 to the dealer for a cut of exactly 24, 150 to the non-dealer for an exact guess'),
    gettext_noop('Cartes blanches'),
    gettext_noop('cartes blanches shown, 250 each'),
    gettext_noop('the suit of the first marriage or sequence laid; none when there was none'),
    gettext_noop('Melds scored'),
    gettext_noop('each meld scored, in order: {seat, meld, points}'),
    gettext_noop('Last trick'),
    gettext_noop('the player who won the last trick (250)'),
    gettext_noop('points of the hand before the game bonuses'),
    gettext_noop('Game bonus'),
    gettext_noop('1000 to the higher score; none on equal scores'),
    gettext_noop('Rubicon bonus'),
    gettext_noop("the loser's points, to the winner, when the loser has under 3000"),
    gettext_noop('Final score'),
    gettext_noop('points plus game and Rubicon bonuses'),
    gettext_noop("the suit of the stock's top card at the deal"),
    gettext_noop('the player who captured the ace of trumps'),
    gettext_noop('the player who captured the two of trumps'),
    gettext_noop('the player who captured the jack of trumps'),
    gettext_noop('the player with more card points (ten 10, ace 4, king 3, queen 2, jack 1); none on a tie'),
    gettext_noop('High or low'),
    gettext_noop('high when someone granded (showed a black bid card)'),
    gettext_noop('Granded'),
    gettext_noop('the player who showed the first black bid card; none on a low hand'),
    gettext_noop('the tricks each side took'),
)


def _translated(text: str) -> str:
    return gettext(text) if text else ""  # gettext("") is the catalogue's header


def shown_fields(game_cls) -> list[SheetField]:
    """The game's sheet columns with their title and description in the reader's language."""
    return [replace(f, title=_translated(f.title), description=_translated(f.description))
            for f in sheet_fields(game_cls)]
