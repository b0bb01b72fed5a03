"""Exact zero-repeat constructions (resolvable designs) and their catalogue.

Every function returns a schedule on players 0..N-1: a list of rounds, each a list
of tables (lists of ints). Tests check each one with `pairs.max_meetings`.
"""
