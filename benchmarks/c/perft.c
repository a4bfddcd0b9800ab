/*
 * Seven Rocks perft in plain C: the baseline that benchmarks/c_perft.py measures the
 * reference engine against. It is written from the rules (spec/rules.md), not from
 * the reference engine's code, and its counts are checked against the reference's on
 * every run of the benchmark.
 *
 * usage: perft DEPTH REPEAT OPENER SCORE0 SCORE1 T1 ... T28
 *   T: the 28 tiles, seat 0's seven first, each written as two digits "lh" (low, high).
 * prints: "<leaves> <cpu seconds for REPEAT counts>"
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { END, LINEAR, BRANCH }; /* an outer end; a free linear side of the spinner; a branch */

typedef struct {
    signed char value, kind, twice; /* twice: the end is a double's, counted both halves */
} Point;

typedef struct {
    unsigned held[4];
    Point point[6];
    int points, spinner, linear_free, score[2], to_move, passes, ended, opened;
} Hand;

typedef struct {
    signed char tile, point; /* point -1: the opening */
} Move;

static int low[28], high[28];

static int end_sum(const Hand *h) {
    int sum = 0;
    for (int i = 0; i < h->points; i++) {
        const Point *p = &h->point[i];
        if (p->kind == END) sum += p->twice ? 2 * p->value : p->value;
    }
    /* The spinner counts both halves, once, while a linear side of it is free. */
    if (h->spinner >= 0 && h->linear_free > 0) sum += 2 * h->spinner;
    return sum;
}

static int moves_of(const Hand *h, Move *out) {
    unsigned held = h->held[h->to_move];
    int n = 0;
    for (int t = 0; t < 28; t++) {
        if (!(held >> t & 1)) continue;
        if (!h->opened) {
            out[n++] = (Move){(signed char)t, -1};
            continue;
        }
        for (int i = 0; i < h->points; i++) {
            int v = h->point[i].value;
            if (low[t] == v || high[t] == v) out[n++] = (Move){(signed char)t, (signed char)i};
        }
    }
    return n;
}

static void add(Hand *h, int value, int kind, int twice) {
    h->point[h->points++] = (Point){(signed char)value, (signed char)kind, (signed char)twice};
}

static void place(Hand *h, Move m) {
    int t = m.tile, seat = h->to_move, dbl = low[t] == high[t];
    if (m.point < 0) {
        h->opened = 1;
        if (dbl) {
            h->spinner = low[t];
            h->linear_free = 2;
            add(h, low[t], LINEAR, 0);
            add(h, low[t], LINEAR, 0);
        } else {
            add(h, low[t], END, 0);
            add(h, high[t], END, 0);
        }
    } else {
        Point p = h->point[m.point];
        h->point[m.point] = h->point[--h->points];
        int v = p.value, w = low[t] == v ? high[t] : low[t];
        if (p.kind == LINEAR && --h->linear_free == 0) {
            add(h, h->spinner, BRANCH, 0); /* both linear sides taken: the branches open */
            add(h, h->spinner, BRANCH, 0);
        }
        if (dbl && h->spinner < 0) {
            h->spinner = v; /* the first double of the hand */
            h->linear_free = 1;
            add(h, v, LINEAR, 0);
        } else {
            add(h, w, END, dbl);
        }
    }
    h->held[seat] &= ~(1u << t);
    h->passes = 0;
    int sum = end_sum(h);
    if (sum > 0 && sum % 5 == 0) {
        h->score[seat & 1] += sum;
        if (h->score[seat & 1] >= 250) h->ended = 1;
    }
    if (!h->held[seat]) h->ended = 1;
    h->to_move = (seat + 1) & 3;
}

static void pass(Hand *h) {
    if (++h->passes == 4) h->ended = 1;
    h->to_move = (h->to_move + 1) & 3;
}

static long long below(const Hand *h, int depth) {
    Move moves[64];
    int n = moves_of(h, moves);
    if (depth == 1) return n ? n : 1;
    long long leaves = 0;
    if (!n) {
        Hand next = *h;
        pass(&next);
        return next.ended ? 1 : below(&next, depth - 1);
    }
    for (int i = 0; i < n; i++) {
        Hand next = *h;
        place(&next, moves[i]);
        leaves += next.ended ? 1 : below(&next, depth - 1);
    }
    return leaves;
}

int main(int argc, char **argv) {
    if (argc != 34) {
        fprintf(stderr, "usage: perft DEPTH REPEAT OPENER SCORE0 SCORE1 T1 ... T28\n");
        return 2;
    }
    for (int t = 0, a = 0; a <= 6; a++)
        for (int b = a; b <= 6; b++, t++) low[t] = a, high[t] = b;
    Hand start = {{0, 0, 0, 0}, {{0}}, 0, -1, 0, {0, 0}, 0, 0, 0, 0};
    int depth = atoi(argv[1]), repeat = atoi(argv[2]);
    start.to_move = atoi(argv[3]);
    start.score[0] = atoi(argv[4]);
    start.score[1] = atoi(argv[5]);
    for (int k = 0; k < 28; k++) {
        int code = atoi(argv[6 + k]), a = code / 10, b = code % 10, t = 0;
        for (int x = 0; x < a; x++) t += 7 - x;
        start.held[k / 7] |= 1u << (t + b - a);
    }
    long long leaves = 0;
    clock_t begin = clock();
    for (int r = 0; r < repeat; r++) leaves = depth == 0 ? 1 : below(&start, depth);
    double seconds = (double)(clock() - begin) / CLOCKS_PER_SEC;
    printf("%lld %.6f\n", leaves, seconds);
    return 0;
}
