"""Computer players and the models behind their decisions (above the games, below interfaces).

:mod:`cribkit.ai.crib_table` holds the expert's crib model, a crib table computed by iterated
best responses and shipped as a data file (rebuilt by :mod:`cribkit.ai.data.build_crib_table`).
"""
