"""Bluke and its family: the rules core (`games.rules`) and bots (`games.bots`).

This package and `games.rules` never import Django; only `games.apps` and the
management commands do, and Django loads those itself.
"""
