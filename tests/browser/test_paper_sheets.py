"""Paper scoresheets as chromium lays them out for A4: no heading or name is cut."""

import pytest

from tests.browser.chromium import BROWSER_TEST, new_page
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    seated_table,
)

pytestmark = BROWSER_TEST
# The printable width of an A4 page with the print style's 10 mm margins, in CSS pixels.
PORTRAIT, LANDSCAPE = round(190 / 25.4 * 96), round(277 / 25.4 * 96)
NAMES = ["Bartholomew-Alexander Featherstonehaugh", "Marguerite Oyelaran", "Cy", "Dominique",
         "Evangelina Papadopoulou"]

# Cells whose text spills out of their box (it would be cut on paper), and headings whose
# words do not fit their column (they would be broken in the middle of a word).
CUT = """() => {
  const cut = [], broken = [];
  const ruler = document.createElement("canvas").getContext("2d");
  for (const cell of document.querySelectorAll("table.paper th, table.paper td.dealer")) {
    if (cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1)
      cut.push(cell.textContent.trim());
    if (cell.tagName !== "TH" || cell.querySelector("small") || cell.classList.contains("seat-head"))
      continue;  // names may wrap inside a word; the headings of the sheet may not
    const style = getComputedStyle(cell);
    ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const word of cell.textContent.trim().split(/\\s+/))
      if (ruler.measureText(word).width > room + 0.5) broken.push(word);
  }
  return {cut, broken};
}"""


@pytest.mark.parametrize("game, seats, width", [
    ("bluke", 4, PORTRAIT), ("back-alley", 4, PORTRAIT), ("bluke", 5, LANDSCAPE),
    ("mighty", 5, LANDSCAPE), ("pitch", 4, PORTRAIT), ("california-jack", 2, PORTRAIT),
])
def test_no_heading_or_name_is_cut_on_a4(live_server, browser, transactional_db,
                                         game, seats, width):
    club = ClubFactory(slug="printers")
    players = [PlayerFactory(display_name=name) for name in NAMES[:seats]]
    for player in players:
        MembershipFactory(club=club, player=player)
    night = EventFactory(club=club, name="Printing night", game=game)
    seated_table(club, players, game=game, round=RoundFactory(event=night))
    page = new_page(browser, viewport={"width": width, "height": 1000})
    page.emulate_media(media="print")
    page.goto(f"{live_server.url}/events/{night.pk}/cards/scoresheets/")
    assert page.evaluate(CUT) == {"cut": [], "broken": []}
