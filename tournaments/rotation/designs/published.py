"""Zero-repeat schedules known from the literature, kept as data.

No construction in this package reaches these sizes, and a design is a
mathematical fact: we store the schedule itself (players numbered 0..n-1) with
where it was published. The tests check every pair meets at most once.
"""

# 32 players at 8 tables of 4 for 10 rounds: the first ten rounds of the
# 32-player schedule in Ed Pegg Jr.'s "Social Golfer Problem" demonstration
# (Wolfram Demonstrations Project); its eleventh round only pairs players up.
# The existence of this 10-round schedule (reaching the bound (32-1)//3 = 10)
# was settled in 2004; see the social golfer problem literature (CSPLib prob010).
SCHEDULES = {
    (32, 4): (
        ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15),
         (16, 17, 18, 19), (20, 21, 22, 23), (24, 25, 26, 27), (28, 29, 30, 31)),
        ((0, 4, 8, 28), (1, 7, 18, 22), (3, 5, 10, 31), (15, 19, 21, 26),
         (12, 16, 20, 24), (2, 6, 17, 23), (11, 13, 25, 30), (9, 14, 27, 29)),
        ((0, 21, 27, 30), (1, 23, 26, 28), (3, 6, 13, 24), (5, 11, 14, 16),
         (7, 10, 12, 17), (2, 9, 15, 20), (4, 18, 25, 31), (8, 19, 22, 29)),
        ((0, 11, 18, 24), (1, 10, 19, 25), (3, 9, 17, 26), (5, 15, 22, 30),
         (6, 14, 21, 31), (2, 8, 16, 27), (4, 12, 23, 29), (7, 13, 20, 28)),
        ((0, 10, 13, 22), (1, 4, 15, 27), (3, 7, 8, 30), (14, 19, 23, 24),
         (11, 17, 20, 31), (2, 21, 25, 28), (5, 9, 12, 18), (6, 16, 26, 29)),
        ((0, 9, 23, 31), (1, 5, 24, 29), (3, 14, 18, 28), (8, 13, 17, 21),
         (6, 10, 20, 27), (2, 12, 19, 30), (4, 11, 22, 26), (7, 15, 16, 25)),
        ((0, 5, 19, 20), (1, 6, 9, 30), (3, 4, 16, 21), (13, 18, 23, 27),
         (10, 15, 24, 28), (2, 7, 11, 29), (14, 17, 22, 25), (8, 12, 26, 31)),
        ((0, 15, 17, 29), (1, 13, 16, 31), (3, 12, 22, 27), (18, 20, 26, 30),
         (7, 9, 21, 24), (2, 4, 10, 14), (5, 8, 23, 25), (6, 11, 19, 28)),
        ((0, 6, 12, 25), (1, 8, 14, 20), (3, 11, 15, 23), (9, 16, 22, 28),
         (10, 18, 21, 29), (2, 5, 13, 26), (4, 17, 24, 30), (7, 19, 27, 31)),
        ((0, 7, 14, 26), (1, 11, 12, 21), (3, 20, 25, 29), (5, 17, 27, 28),
         (6, 8, 15, 18), (2, 22, 24, 31), (4, 9, 13, 19), (10, 16, 23, 30)),
    ),
}
