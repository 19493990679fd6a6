/*
 * myers.c - Myers' O((N+M)D) longest common subsequence in linear space.
 *
 * Algorithm
 * ---------
 * This is the divide-and-conquer form of Myers' algorithm (E. W. Myers,
 * "An O(ND) Difference Algorithm and Its Variations", 1986, section 4b):
 *
 *  1. A "box" is a pair of ranges a[a_lo, a_hi) x b[b_lo, b_hi). Pending
 *     boxes live on an explicit stack (no C recursion, so no depth limit).
 *  2. For each box popped, the common prefix and suffix are matched
 *     greedily (taking an equal pair at either end is always part of some
 *     longest common subsequence). If one side is then empty the box is
 *     done: its remaining elements stay unmatched.
 *  3. Otherwise a "middle snake" search runs a forward search from the
 *     box's top-left corner and a backward search from its bottom-right
 *     corner, one edit step (D-step) at a time each, until the two meet on
 *     some diagonal. The meeting point lies on an optimal edit path, so the
 *     box splits there into two strictly smaller boxes whose longest common
 *     subsequences together form one of the whole box. Both are pushed.
 *     (The snake through the meeting point is not recorded: the next
 *     level's prefix/suffix trimming picks it up.)
 *  4. Cost bound: if a search has run `cost_bound` D-steps in each
 *     direction (d, as in Myers' and xdiff's middle-snake loops) without
 *     the two searches meeting, it stops. It takes the point that got
 *     furthest from its own corner on each side (forward: largest x+y;
 *     backward: smallest x+y). If the two are in order, the box is split
 *     at both (three pieces); otherwise at the one that made more progress
 *     (xdiff's "mxcost" rule). Splitting at any point of a box still
 *     yields a valid common subsequence, just not necessarily a longest
 *     one, and *minimal is cleared. The work is then O((N + M) *
 *     cost_bound) overall instead of O((N + M) * D).
 *
 *  5. Work budget: the cost bound alone lets ids in an order someone else
 *     chose (a random permutation, two ids in random order) cost about
 *     cost_bound^2 diagonal visits per search, O((N + M) * cost_bound)
 *     in all: seconds at a million ids. So the searches also count the
 *     diagonals they visit, over every search of the diff. Once the count
 *     passes the budget, 2 * cost_bound^2 (all the searches of lists up
 *     to about 2 * cost_bound edits apart) plus MYERS_WORK_PER_ELEMENT
 *     per element of the trimmed problem, every further search stops at
 *     MYERS_FALLBACK_BOUND D-steps (or the cost bound, if lower) the same
 *     way. Lists D edits apart visit about D^2 / 2 diagonals in all, so
 *     those the cost bound left exact stay exact; a caller who wants an
 *     exhaustive search passes a huge cost bound, which puts the budget
 *     out of reach. Snake steps are not counted: they are sequential
 *     compares, cheap beside a visit, and lists with long snakes on many
 *     diagonals (few distinct ids in long runs) are the fast case.
 *     Counting them in the loops below cost 15-20% of an LCS diff, and
 *     counting them at full weight cut such lists, about 4,500 edits
 *     apart, short of minimal. The budget only ever stops a search sooner
 *     than the cost bound would.
 *
 * All matches are found by step 2, so the output maps are written only
 * there; everything else is BXD_NONE (filled up front).
 *
 * Diagonal vectors
 * ----------------
 * Within a box of N x M elements (box-relative coordinates, x indexes a and
 * y indexes b), diagonal k holds the points with x - y == k, so
 * k ranges over [-M, N]. The forward vector vf[k] holds the largest x on
 * diagonal k that can be reached from (0, 0) with at most d edits (the
 * "furthest reaching d-path"); the backward vector vb[k] holds the smallest
 * x on diagonal k from which (N, M) can be reached with at most d edits.
 * Only diagonals with the parity of the current step are updated; the
 * searched diagonal range [fmin, fmax] (and [bmin, bmax]) grows by one
 * on each side per step until it hits the box's edge, after which it
 * "bounces" (moves inward by one) so that the parity stays right, as
 * xdiff does. Both vectors are indexed by k and need N + M + 3 slots
 * (diagonals -M-1 .. N+1); they are int64_t so that any uint32 length works.
 *
 * A candidate point computed from a neighbour diagonal may lie one step
 * outside the box (e.g. moving right from x == N). It is clamped to the
 * furthest in-box point of its diagonal; that point is still reachable
 * with at most d edits (dropping one element from a prefix lowers the LCS
 * of the prefixes by at most one), and it is trivially the furthest one,
 * so the vectors keep their meaning and every stored point is in the box.
 *
 * Memory: workspace buffer BXD_WS_MYERS_V (2 * (N + M + 3) int64_t) and
 * BXD_WS_MYERS_STACK (min(N, M) boxes; see bxd_myers for the bound).
 * Nothing is allocated when, after trimming the common prefix and suffix,
 * one side is empty (in particular when n == 0 or m == 0).
 */
#include "internal.h"

/* One pending box: a[a_lo, a_hi) x b[b_lo, b_hi). */
typedef struct myers_box {
    uint32_t a_lo, a_hi, b_lo, b_hi;
} myers_box_t;

/* Everything the split search needs besides the box. */
typedef struct myers_ctx {
    const uint32_t *a;
    const uint32_t *b;
    int64_t *vf_base; /* forward vector storage, >= N + M + 3 slots */
    int64_t *vb_base; /* backward vector storage, same size */
    uint64_t cost_bound;
    uint64_t work;   /* diagonals visited so far, all searches */
    uint64_t budget; /* past this much work, searches stop at the fallback */
    uint64_t fallback_bound;
    bxd_workspace_t *ws; /* its cancel flag, looked at every 256 steps */
    bool cancelled;      /* out: a search stopped at the flag */
} myers_ctx_t;

/* The work budget (see step 5 above): diagonals visited per element of
 * the trimmed problem, on top of 2 * cost_bound^2, before every further
 * search is cut at MYERS_FALLBACK_BOUND steps; and that bound. */
#ifndef MYERS_WORK_PER_ELEMENT
#define MYERS_WORK_PER_ELEMENT 32u
#endif
#ifndef MYERS_FALLBACK_BOUND
#define MYERS_FALLBACK_BOUND 32u
#endif

/*
 * One forward step over diagonals k = kmax, kmax - 2, ..., kmin: computes
 * vf[k] from vf[k - 1] and vf[k + 1] (the previous step's values, or
 * sentinels) and follows the snake. Returns the first k in [clo, chi]
 * where the forward point reaches the backward one (vb[k] <= vf[k]), or
 * kmax + 1 when there is none. This loop and the backward one are where
 * all the time goes: they are kept branch-light.
 */
static int64_t myers_forward(const uint32_t *A, const uint32_t *B, int64_t N,
                             int64_t M, int64_t *vf, const int64_t *vb,
                             int64_t kmin, int64_t kmax, int64_t clo,
                             int64_t chi) {
    /* The furthest in-box point of diagonal k has x = min(N, M + k): N for
     * k >= N - M, M + k below. Two loops avoid computing it per diagonal
     * (and the x < N test also covers y < M in the first one). */
    const int64_t delta = N - M;
    int64_t k = kmax;
    for (; k >= kmin && k >= delta; k -= 2) {
        /* Furthest of: right from diagonal k - 1, down from k + 1.
         * (Written branch-free: the choice is unpredictable.) */
        const int64_t right = vf[k - 1] + 1, down = vf[k + 1];
        int64_t x = right > down ? right : down;
        /* Clamp a point one step outside the box to the furthest in-box
         * point of the diagonal (see the header comment); the snake stops
         * there too. */
        x = x > N ? N : x;
        while (x < N && A[x] == B[x - k]) x++; /* follow the snake */
        vf[k] = x;
        if (k >= clo && k <= chi && vb[k] <= x) return k;
    }
    for (; k >= kmin; k -= 2) {
        const int64_t right = vf[k - 1] + 1, down = vf[k + 1];
        int64_t x = right > down ? right : down;
        const int64_t lim = M + k;
        x = x > lim ? lim : x;
        while (x < lim && A[x] == B[x - k]) x++;
        vf[k] = x;
        if (k >= clo && k <= chi && vb[k] <= x) return k;
    }
    return kmax + 1;
}

/*
 * One backward step over diagonals k = kmin, kmin + 2, ..., kmax: computes
 * vb[k] from vb[k + 1] and vb[k - 1] and follows the snake backwards.
 * Returns the first k in [clo, chi] where vb[k] <= vf[k], or kmin - 1.
 */
static int64_t myers_backward(const uint32_t *A, const uint32_t *B,
                              const int64_t *vf, int64_t *vb, int64_t kmin,
                              int64_t kmax, int64_t clo, int64_t chi) {
    /* The nearest in-box point of diagonal k has x = max(0, k) (y >= 0):
     * 0 for k <= 0, k above. */
    int64_t k = kmin;
    for (; k <= kmax && k <= 0; k += 2) {
        /* Furthest back of: left from k + 1, up from k - 1. */
        const int64_t left = vb[k + 1] - 1, up = vb[k - 1];
        int64_t x = left < up ? left : up;
        x = x < 0 ? 0 : x; /* clamp into the box */
        while (x > 0 && A[x - 1] == B[x - 1 - k]) x--;
        vb[k] = x;
        if (k >= clo && k <= chi && x <= vf[k]) return k;
    }
    for (; k <= kmax; k += 2) {
        const int64_t left = vb[k + 1] - 1, up = vb[k - 1];
        int64_t x = left < up ? left : up;
        x = x < k ? k : x;
        while (x > k && A[x - 1] == B[x - 1 - k]) x--;
        vb[k] = x;
        if (k >= clo && k <= chi && x <= vf[k]) return k;
    }
    return kmin - 1;
}

/* Split points of a box (absolute indices), in increasing order. */
typedef struct myers_split_points {
    int count; /* 1 or 2 */
    uint32_t a[2];
    uint32_t b[2];
} myers_split_points_t;

/*
 * Finds where to split a trimmed box: both sides non-empty,
 * a[a_lo] != b[b_lo] and a[a_hi - 1] != b[b_hi - 1] (so the edit distance
 * D is at least 2). Stores one split point, or two (heuristic case only),
 * in *out. No point is the box's top-left or bottom-right corner, and the
 * points are increasing in both coordinates, so every piece between
 * consecutive points is strictly smaller than the box. Returns true when
 * the cost bound cut the search (the split is then heuristic), false when
 * the single split point is on an optimal path.
 */
static bool myers_split(myers_ctx_t *ctx, const myers_box_t *box,
                        myers_split_points_t *out) {
    const uint32_t *A = ctx->a + box->a_lo;
    const uint32_t *B = ctx->b + box->b_lo;
    const int64_t N = (int64_t)box->a_hi - (int64_t)box->a_lo;
    const int64_t M = (int64_t)box->b_hi - (int64_t)box->b_lo;
    const int64_t delta = N - M;        /* diagonal of the (N, M) corner */
    const bool odd = (delta & 1) != 0;  /* parity of every path's cost */

    /* Centre the vectors so that vf[k] is valid for k in [-M - 1, N + 1]. */
    int64_t *vf = ctx->vf_base + (M + 1);
    int64_t *vb = ctx->vb_base + (M + 1);

    BXD_ASSERT(N > 0 && M > 0);
    BXD_ASSERT(A[0] != B[0] && A[N - 1] != B[M - 1]);

    /* Step 0: the corners themselves (no snake: the box is trimmed). */
    int64_t fmin = 0, fmax = 0, bmin = delta, bmax = delta;
    vf[0] = 0;
    vb[delta] = N;

    int64_t sx = 0, sy = 0; /* the split point, box-relative */
    bool cut = false;

    /* Only one of the two searches checks for the meeting point (the one
     * that completes a step of the right parity, see below); the other one
     * gets an empty check range. */
    const int64_t no_lo = N + 2, no_hi = -M - 2;

    for (int64_t d = 1;; d++) {
        /* A search of a large box can take a while: a look at the cancel
         * flag every 256 steps (each step visits up to 2d diagonals). The
         * caller returns at once; no split point is set. */
        if ((d & 255) == 0 && bxd_cancelled(ctx->ws)) {
            ctx->cancelled = true;
            return false;
        }
        /* ---- forward step d ------------------------------------------- */
        /* Grow the range by one on each side, or bounce off the box edge
         * (keeps the range on diagonals of parity d). A newly reached
         * diagonal k has only one neighbour inside the previous range; the
         * other neighbour slot gets a sentinel (-1: never the maximum) so
         * that the loop needs no range tests. Those slots have parity d,
         * lie outside the range and are not otherwise in use. */
        if (fmin > -M) {
            --fmin;
            vf[fmin - 1] = -1;
        } else {
            ++fmin;
        }
        if (fmax < N) {
            ++fmax;
            vf[fmax + 1] = -1;
        } else {
            --fmax;
        }
        /* With an odd delta the searches can only meet right after a
         * forward step, on the diagonals the backward search covered at
         * step d - 1 (they have the same parity as this step's). */
        const int64_t flo = odd ? bmin : no_lo, fhi = odd ? bmax : no_hi;
        {
            const int64_t k = myers_forward(A, B, N, M, vf, vb, fmin, fmax,
                                            flo, fhi);
            if (k <= fmax) {
                sx = vf[k];
                sy = vf[k] - k;
                goto found;
            }
        }

        /* ---- backward step d ------------------------------------------ */
        /* Same range rule; the sentinel N + 1 is never the minimum. */
        if (bmin > -M) {
            --bmin;
            vb[bmin - 1] = N + 1;
        } else {
            ++bmin;
        }
        if (bmax < N) {
            ++bmax;
            vb[bmax + 1] = N + 1;
        } else {
            --bmax;
        }
        /* With an even delta the searches meet after a backward step. */
        const int64_t blo = odd ? no_lo : fmin, bhi = odd ? no_hi : fmax;
        {
            const int64_t k = myers_backward(A, B, vf, vb, bmin, bmax,
                                             blo, bhi);
            if (k >= bmin) {
                sx = vb[k];
                sy = vb[k] - k;
                goto found;
            }
        }

        /* ---- cost bound and work budget ------------------------------- */
        /* Both searches visited one diagonal in two of their range. */
        ctx->work += (uint64_t)((fmax - fmin) / 2 + (bmax - bmin) / 2 + 2);
        if ((uint64_t)d >= ctx->cost_bound ||
            ((uint64_t)d >= ctx->fallback_bound && ctx->work >= ctx->budget)) {
            /* Forward: the point with the largest x + y. */
            int64_t best_f = -1, fx = 0, fy = 0;
            for (int64_t k = fmax; k >= fmin; k -= 2) {
                int64_t s = 2 * vf[k] - k; /* x + y */
                if (s > best_f) {
                    best_f = s;
                    fx = vf[k];
                    fy = vf[k] - k;
                }
            }
            /* Backward: the point with the smallest x + y. */
            int64_t best_b = N + M + 1, bx = N, by = M;
            for (int64_t k = bmin; k <= bmax; k += 2) {
                int64_t s = 2 * vb[k] - k;
                if (s < best_b) {
                    best_b = s;
                    bx = vb[k];
                    by = vb[k] - k;
                }
            }
            cut = true;
            /* Both searches are spent work: when their best points are in
             * order (the forward one above-left of the backward one) split
             * at both, cutting the box into three; this halves the work
             * per unit of progress on long, hopeless stretches (xdiff keeps
             * only one of them). Otherwise split where more ground was
             * covered. A split at any point still gives a valid common
             * subsequence. The corner tests cannot fail (see below) but
             * keep every piece strictly smaller than the box regardless. */
            if (fx <= bx && fy <= by && fx + fy > 0 && bx + by < N + M) {
                out->count = 2;
                out->a[0] = box->a_lo + (uint32_t)fx;
                out->b[0] = box->b_lo + (uint32_t)fy;
                out->a[1] = box->a_lo + (uint32_t)bx;
                out->b[1] = box->b_lo + (uint32_t)by;
                return cut;
            }
            if (best_f >= (N + M) - best_b) {
                sx = fx;
                sy = fy;
            } else {
                sx = bx;
                sy = by;
            }
            break;
        }
    }

found:
    /* The meeting point satisfies (cost from (0,0)) + (cost to (N,M)) == D
     * because the searches meet first at step ceil(D/2) and D >= 2, so it
     * is neither corner. A heuristic point has x + y >= d >= 1 (forward)
     * or <= N + M - d (backward) and, as the searches did not meet, the
     * forward one is not (N, M) nor the backward one (0, 0). Guard anyway
     * so that the loop in bxd_myers always ends. */
    if ((sx == 0 && sy == 0) || (sx == N && sy == M)) {
        BXD_ASSERT(!"myers: degenerate split");
        sx = 1; /* (1, 0) is a valid, non-corner split since N, M >= 1 */
        sy = 0;
        cut = true;
    }
    out->count = 1;
    out->a[0] = box->a_lo + (uint32_t)sx;
    out->b[0] = box->b_lo + (uint32_t)sy;
    return cut;
}

/* Matches the common prefix and suffix of *box and shrinks it. */
static void myers_trim(const uint32_t *a, const uint32_t *b, myers_box_t *box,
                       uint32_t *a_to_b, uint32_t *b_to_a) {
    uint32_t alo = box->a_lo, ahi = box->a_hi;
    uint32_t blo = box->b_lo, bhi = box->b_hi;
    while (alo < ahi && blo < bhi && a[alo] == b[blo]) {
        a_to_b[alo] = blo;
        b_to_a[blo] = alo;
        alo++;
        blo++;
    }
    while (alo < ahi && blo < bhi && a[ahi - 1] == b[bhi - 1]) {
        ahi--;
        bhi--;
        a_to_b[ahi] = bhi;
        b_to_a[bhi] = ahi;
    }
    box->a_lo = alo;
    box->a_hi = ahi;
    box->b_lo = blo;
    box->b_hi = bhi;
}

bxd_status_t bxd_myers(bxd_workspace_t *ws, const uint32_t *a, uint32_t n,
                       const uint32_t *b, uint32_t m, uint64_t cost_bound,
                       uint32_t *a_to_b, uint32_t *b_to_a, int *minimal) {
    BXD_ASSERT(ws != NULL && minimal != NULL);
    BXD_ASSERT(n == 0 || (a != NULL && a_to_b != NULL));
    BXD_ASSERT(m == 0 || (b != NULL && b_to_a != NULL));

    *minimal = 1;
    for (uint32_t i = 0; i < n; i++) a_to_b[i] = BXD_NONE;
    for (uint32_t j = 0; j < m; j++) b_to_a[j] = BXD_NONE;
    if (n == 0 || m == 0) return BXD_OK;

    /* Trim the whole problem first: identical or nearly identical lists
     * need no scratch memory at all. */
    myers_box_t top = {0, n, 0, m};
    myers_trim(a, b, &top, a_to_b, b_to_a);
    if (top.a_lo == top.a_hi || top.b_lo == top.b_hi) return BXD_OK;

    const uint64_t N = (uint64_t)(top.a_hi - top.a_lo);
    const uint64_t M = (uint64_t)(top.b_hi - top.b_lo);

    /* Two diagonal vectors of N + M + 3 slots each (diagonals -M-1..N+1 of
     * the largest box; every sub-box is smaller). The sum fits in 64 bits
     * but may not fit in size_t on 32-bit targets. */
    const uint64_t per_vector = N + M + 3;
    if (per_vector > SIZE_MAX / 2) return BXD_ERR_TOO_LARGE;
    /* (bxd_ws_reserve checks count * sizeof(int64_t) for overflow.) */
    bxd_status_t status = bxd_ws_reserve(ws, BXD_WS_MYERS_V,
                                         (size_t)per_vector * 2,
                                         sizeof(int64_t));
    if (status != BXD_OK) return status;

    /* Stack bound: every box on the stack has a non-empty a-range and a
     * non-empty b-range, and the boxes on it are pairwise disjoint in both
     * (popping a box pushes at most three disjoint pieces of it). So there
     * are never more than min(N, M) of them. */
    const size_t stack_cap = (size_t)(N < M ? N : M);
    status = bxd_ws_reserve(ws, BXD_WS_MYERS_STACK, stack_cap,
                            sizeof(myers_box_t));
    if (status != BXD_OK) return status;

    myers_ctx_t ctx;
    ctx.a = a;
    ctx.b = b;
    ctx.vf_base = (int64_t *)ws->buffers[BXD_WS_MYERS_V].data;
    ctx.vb_base = ctx.vf_base + per_vector;
    ctx.cost_bound = cost_bound == 0 ? 1 : cost_bound;
    ctx.work = 0;
    ctx.ws = ws;
    ctx.cancelled = false;
    {
        /* 2 * bound^2 visits: a search cut at the bound counts about
         * bound^2 + 3 * bound, and every search of lists up to about
         * 2 * bound edits apart, which stay exact, about D^2 / 2 <=
         * 2 * bound^2 in all (the splits' smaller searches add about
         * bound * log D, which the per-element term covers). Plus
         * MYERS_WORK_PER_ELEMENT per element. Saturating:
         * a caller asking for an exhaustive search (a huge bound) gets
         * one. N + M < 2^33. */
        const uint64_t bound = ctx.cost_bound;
        const uint64_t one_search =
            bound >= ((uint64_t)1 << 31) ? UINT64_MAX : 2 * bound * bound;
        const uint64_t per_elements = (N + M) * MYERS_WORK_PER_ELEMENT;
        ctx.budget = one_search > UINT64_MAX - per_elements
                         ? UINT64_MAX
                         : one_search + per_elements;
    }
    ctx.fallback_bound = ctx.cost_bound < MYERS_FALLBACK_BOUND
                             ? ctx.cost_bound
                             : MYERS_FALLBACK_BOUND;

    myers_box_t *stack = (myers_box_t *)ws->buffers[BXD_WS_MYERS_STACK].data;
    size_t depth = 0;
    stack[depth++] = top;

    while (depth > 0) {
        if (bxd_cancelled(ws)) return BXD_ERR_CANCELLED;
        myers_box_t box = stack[--depth];
        myers_trim(a, b, &box, a_to_b, b_to_a);
        if (box.a_lo == box.a_hi || box.b_lo == box.b_hi) continue;

        myers_split_points_t sp;
        if (myers_split(&ctx, &box, &sp)) *minimal = 0;
        if (ctx.cancelled) return BXD_ERR_CANCELLED;

        /* Pieces: (a_lo, b_lo) -> p[0] [-> p[1]] -> (a_hi, b_hi). Push
         * them last to first so the first is processed next (the order
         * does not affect the result; it keeps locality). Pieces with an
         * empty side have nothing to match and are dropped. */
        for (int piece = sp.count; piece >= 0; piece--) {
            uint32_t alo = piece == 0 ? box.a_lo : sp.a[piece - 1];
            uint32_t blo = piece == 0 ? box.b_lo : sp.b[piece - 1];
            uint32_t ahi = piece == sp.count ? box.a_hi : sp.a[piece];
            uint32_t bhi = piece == sp.count ? box.b_hi : sp.b[piece];
            if (alo < ahi && blo < bhi) {
                BXD_ASSERT(depth < stack_cap);
                stack[depth++] = (myers_box_t){alo, ahi, blo, bhi};
            }
        }
    }
    BXD_COUNT_MYERS_WORK(ws, ctx.work);
    return BXD_OK;
}
