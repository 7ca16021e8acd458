"""The catalogue of the game: each rule number, action, event and observation field declared once.

The kernel reads plain constants generated from these declarations (`python -m
balance.catalogue`); the config schema, the packing, the replay's tables and the docs read the
declarations themselves.
"""
