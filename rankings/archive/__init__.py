"""The club archive: a club's data as one versioned JSON document, and a player's part of it.

* `format`: the format's name and version, and checking a document against its JSON Schema
  (docs/archive.schema.json);
* `export`: a club's archive (`club_export`) and a player's data download (`player_export`);
* `importing`: a club archive into a new club (`club_import`), standings and ratings rebuilt;
* `erase`: a player anonymised everywhere, their results kept (`player_erase`).

It sits in rankings, the top layer, because an archive carries the standings and ratings
and an import rebuilds them.
"""
