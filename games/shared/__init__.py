"""Pieces several game packages really use, each in a named module (a game package
imports only the engine and these, never another game package):

* `all_fours`: the All Fours count and trick play of Pitch and California Jack
* `all_fours_play`: what the All Fours games' bots read the same way
* `wording`: how messages name seats and sides (from 1, as people count them)
"""
