"""uno_nb.kernel.mtrand against CPython's own random module: same seeds, same draws.

The module's functions are called through their (cached) dispatchers.  No
driver here is an ``njit(cache=True)`` function: numba does not invalidate a
cached function when a function it calls, in another file, changes, so a cached
driver could go on testing an old mtrand.  The one compiled driver,
:func:`compiled_draws`, is not cached (it checks the calls from njit code with
the argument types a kernel passes)."""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import sys

import numpy as np
import pytest

numba = pytest.importorskip("numba")

from uno_nb.kernel import mtrand as mt  # noqa: E402

SPECIAL_SEEDS = [0, 1, 2, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**63 + 5, 2**64 - 1]
_pick = random.Random(20240611)
# ~200 more, of every bit length up to 64 (those below 2**32 have 1 key word, the rest 2)
INT_SEEDS = SPECIAL_SEEDS + [_pick.getrandbits(_pick.randint(1, 64)) for _ in range(200)]
# int seeds of more than two key words: keys of 3 to 750 words (above 624: seeded one by one)
BIG_SEEDS = [2**64, 2**95 + 3, 2**200 - 1, _pick.getrandbits(640), _pick.getrandbits(24_000)]
BIG_IDS = [f"{x.bit_length()}-bit" for x in BIG_SEEDS]
N_DRAWS = 2000


def bits(a) -> np.ndarray:
    """Floats compared bit for bit (so -0.0 != 0.0 and any ulp counts)."""
    return np.asarray(a, dtype=np.float64).view(np.int64)


def seeded(a) -> np.ndarray:
    state = mt.new_state()
    mt.seed(state, a)
    return state


def cpython_state(a) -> list[int]:
    return list(random.Random(a).getstate()[1])


# -- seeding

@pytest.mark.parametrize("x", SPECIAL_SEEDS + INT_SEEDS[-20:])
def test_seed_int_gives_cpythons_state(x):
    state = mt.new_state()
    mt.seed_int(state, *mt.split_seed(x))
    assert state.tolist() == cpython_state(x)
    assert mt.int_key(x).tolist() == [(x >> s) & 0xFFFFFFFF
                                      for s in range(0, max(x.bit_length(), 1), 32)]


def test_seed_int_argument_types():
    x = 2**63 + 2**40 + 12345
    for cast in (int, np.uint32, np.int64, np.uint64):
        state = mt.new_state()
        mt.seed_int(state, cast(x & 0xFFFFFFFF), cast(x >> 32))
        assert state.tolist() == cpython_state(x)


@pytest.mark.parametrize("x", [2**64, 2**100 + 12345, 10**40, -1, -(2**63), -(2**70)])
def test_other_ints(x):
    assert seeded(x).tolist() == cpython_state(x)
    with pytest.raises(ValueError) if abs(x) >= 2**64 else contextlib.nullcontext():
        lo, hi = mt.split_seed(x)
        state = mt.new_state()
        mt.seed_int(state, lo, hi)
        assert state.tolist() == cpython_state(x)


@pytest.mark.parametrize("x", BIG_SEEDS, ids=BIG_IDS)
def test_long_keys_give_cpythons_state(x):
    state = mt.new_state()
    key = mt.int_key(x)
    assert key.dtype == np.uint32 and len(key) > 2
    mt.seed_words(state, key, 0, len(key))
    assert state.tolist() == cpython_state(x)
    assert seeded(x).tolist() == state.tolist()
    # the key read from the middle of a longer array, of another integer type
    padded = np.concatenate([[7, 8], key, [9]]).astype(np.int64)
    mt.seed_words(state, padded, 2, len(key))
    assert state.tolist() == cpython_state(x)


def test_only_int_seeds():
    with pytest.raises(TypeError, match="int"):
        seeded("uno_nb:7:table")


def test_empty_key_is_key_zero():
    state = mt.new_state()
    mt.seed_words(state, np.zeros(3, np.uint32), 1, 0)
    assert state.tolist() == cpython_state(0)


def test_init_genrand():
    state = mt.new_state()
    for s in [19650218, 0, 1, 5489, 2**32 - 1]:
        mt.init_genrand(state, s)
        assert state[mt.POS] == mt.N
        assert state[:mt.N].tolist() == mt._init_genrand_words(s).tolist()
    mt.init_genrand(state, 19650218)
    assert (state[:mt.N] == mt._GENRAND_19650218).all()  # the constant seed_words starts from


def test_state_round_trip():
    r = random.Random(2**62 + 5)
    for _ in range(1000):  # mid-block
        r.random()
    state = mt.from_random(r)
    assert (bits(mt.shuffle_keys(state, 700)) == bits([r.random() for _ in range(700)])).all()
    assert mt.to_random(state).getstate() == r.getstate()


# -- draws

def test_random_streams_for_int_seeds():
    state = mt.new_state()
    for x in INT_SEEDS:
        mt.seed_int(state, x & 0xFFFFFFFF, x >> 32)
        r = random.Random(x)
        # shuffle_keys(state, n): n successive random() drawn in compiled code
        expect = [r.random() for _ in range(N_DRAWS)]
        assert (bits(mt.shuffle_keys(state, N_DRAWS)) == bits(expect)).all(), x
        assert mt.random(state) == r.random()


@pytest.mark.parametrize("x", BIG_SEEDS, ids=BIG_IDS)
def test_random_streams_for_long_keys(x):
    r = random.Random(x)
    state = seeded(x)
    expect = [r.random() for _ in range(N_DRAWS)]
    assert (bits(mt.shuffle_keys(state, N_DRAWS)) == bits(expect)).all()
    assert [mt.random(state) for _ in range(100)] == [r.random() for _ in range(100)]


BELOW_NS = [1, 2, 3, 4, 5, 7, 8, 9, 100, 107, 108, 1000, 2**20 + 1, 2**30 - 1, 2**30, 2**30 + 1,
            2**31 - 1, 2**31, 3 * 2**30, 2**32 - 1]


@pytest.mark.parametrize("x", SPECIAL_SEEDS[::2] + INT_SEEDS[-4:] + BIG_SEEDS[:2])
def test_other_draws(x):
    r = random.Random(x)
    state = seeded(x)
    expect = [r.getrandbits(32) for _ in range(N_DRAWS)]
    assert [mt.genrand_uint32(state) for _ in range(N_DRAWS)] == expect
    ns = BELOW_NS * 20
    assert [mt.randbelow(state, n) for n in ns] == [r._randbelow(n) for n in ns]
    ks = list(range(33)) * 10
    assert [mt.getrandbits32(state, k) for k in ks] == [r.getrandbits(k) for k in ks]
    for a, b in [(0.05, 0.35), (0.0, 1.0), (-3.5, 2.25), (10.0, 1.0)]:
        got = [mt.uniform(state, a, b) for _ in range(100)]
        assert (bits(got) == bits([r.uniform(a, b) for _ in range(100)])).all()
    assert [mt.random53(state) for _ in range(50)] == [int(r.random() * 2**53) for _ in range(50)]
    assert mt.randbelow(state, 0) == 0 and mt.getrandbits32(state, 0) == 0  # and draw nothing
    assert mt.to_random(state).getstate() == r.getstate()


@numba.njit  # not cached: see the module's docstring
def compiled_draws(state, ops, ns):
    out = np.empty(ops.size, np.float64)
    for i in range(ops.size):
        op = ops[i]
        if op == 0:
            out[i] = mt.random(state)
        elif op == 1:
            out[i] = mt.genrand_uint32(state)
        elif op == 2:
            out[i] = mt.randbelow(state, ns[i])
        elif op == 3:
            out[i] = mt.getrandbits32(state, ns[i] % 33)
        elif op == 4:
            out[i] = mt.uniform(state, 0.05, 0.35)
        elif op == 5:
            x = np.uint64(ns[i])
            mt.seed_int(state, x & np.uint64(0xFFFFFFFF), x >> np.uint64(32))
            out[i] = -1.0
        else:
            hand = np.arange(ns[i] % 121).astype(np.int8)
            mt.sort_shuffle_inplace(state, hand, hand.size)
            out[i] = hand[0] if hand.size else -1.0
    return out


def test_calls_from_compiled_code():
    """Every draw, interleaved, called from njit code with a kernel's argument types."""
    pick = random.Random(5)
    ops = [pick.randrange(7) for _ in range(6000)]
    ns = [pick.choice(BELOW_NS) if op == 2 else pick.getrandbits(64) >> 1 if op == 5
          else pick.randrange(2**31) for op in ops]
    r = random.Random(ns[0])
    expect = []
    for op, n in zip(ops, ns):
        if op == 0:
            expect.append(r.random())
        elif op == 1:
            expect.append(r.getrandbits(32))
        elif op == 2:
            expect.append(r._randbelow(n))
        elif op == 3:
            expect.append(r.getrandbits(n % 33))
        elif op == 4:
            expect.append(r.uniform(0.05, 0.35))
        elif op == 5:
            r = random.Random(n)
            expect.append(-1.0)
        else:
            hand = list(range(n % 121))
            hand.sort(key=lambda _c: r.random())
            expect.append(hand[0] if hand else -1.0)
    state = seeded(ns[0])
    got = compiled_draws(state, np.array(ops, np.int32), np.array(ns, np.int64))
    assert (bits(got) == bits(expect)).all()
    assert state.tolist() == list(r.getstate()[1])


# -- shuffling

def test_sort_shuffle_like_the_engine():
    state = mt.new_state()
    row = np.empty(121, np.int64)
    for x in INT_SEEDS[:30]:
        seed = x & 0xFFFFFFFF
        for n in range(121):
            mt.seed_int(state, seed, 0)
            row[:] = -1
            row[:n] = np.arange(n)
            mt.sort_shuffle_inplace(state, row, n)
            r = random.Random(seed)
            lst = list(range(n))
            lst.sort(key=lambda _c: r.random())
            assert row[:n].tolist() == lst and (row[n:] == -1).all(), (seed, n)
            assert state.tolist() == list(r.getstate()[1])  # one random() per element


def test_sort_shuffle_keeps_the_stream():
    r = random.Random(2**62 + 1)
    state = seeded(2**62 + 1)
    for n, dtype in [(108, np.int32), (0, np.int64), (1, np.int8), (57, np.int16), (120, np.int64),
                     (1024, np.int64), (1025, np.int32), (3000, np.int64)]:  # > 1024: other path
        arr = np.arange(100, 100 + n).astype(dtype)
        mt.sort_shuffle_inplace(state, arr, n)
        lst = list(range(100, 100 + n))
        lst.sort(key=lambda _c: r.random())
        assert arr.tolist() == [np.array(v).astype(dtype).item() for v in lst]
        assert mt.random(state) == r.random()
    arr = np.arange(10)
    mt.sort_shuffle_inplace(state, arr, 6)  # only the first n move
    assert arr[6:].tolist() == [6, 7, 8, 9] and sorted(arr[:6]) == list(range(6))


def test_sort_shuffle_at_shuffles_only_its_part_as_the_engine():
    """The kernel's shuffle of st[off:off + n] in place (its arrays are raw
    pointers: no slices), the same permutation and draws as the engine's."""
    r = random.Random(77)
    state = seeded(77)
    scratch = 1200
    words = np.full(scratch + mt.shuffle_scratch(1024) + 10, -5, np.int64)
    for off, n in [(0, 108), (64, 0), (3, 1), (500, 79), (100, 1024), (7, 2), (9, 3)]:
        words[off:off + n] = np.arange(n) + 1000
        mt.sort_shuffle_at(state, words, off, n, scratch)
        lst = list(range(1000, 1000 + n))
        lst.sort(key=lambda _c: r.random())
        assert words[off:off + n].tolist() == lst
        assert (words[:off] == -5).all() and (words[off + n:scratch] == -5).all()
        assert (words[scratch + mt.shuffle_scratch(n):] == -5).all()  # within its scratch
        words[:] = -5
    with pytest.raises(ValueError, match="at most 1024"):
        mt.sort_shuffle_at(state, np.zeros(6000, np.int64), 0, 1025, 1100)
    assert mt.random(state) == r.random()
    assert [mt.shuffle_scratch(n) for n in (1, 2, 3, 108, 128, 129)] == [5, 9, 14, 453, 513, 644]


@pytest.mark.parametrize("seed", range(30))
def test_stable_sort_with_ties(seed):
    r = random.Random(seed)
    n = r.choice([0, 1, 2, 15, 16, 17, 33, r.randint(0, 300)])
    keys = [float(r.randint(0, r.choice([1, 3, 10, 1000]))) for _ in range(n)]
    arr = np.arange(n)
    k = np.array(keys, np.float64)
    mt.stable_sort_by_keys(k, arr, n)
    assert arr.tolist() == sorted(range(n), key=lambda i: keys[i]) and k.tolist() == sorted(keys)


# -- without numba

def test_imports_and_runs_without_numba():
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "import random, numpy as np\n"
        "from uno_nb.kernel import mtrand as mt\n"
        "assert not hasattr(mt.random, 'py_func')\n"
        "st = mt.new_state(); mt.seed(st, 2**100 + 7); r = random.Random(2**100 + 7)\n"
        "assert [mt.random(st) for _ in range(700)] == [r.random() for _ in range(700)]\n"
        "mt.seed_int(st, 5, 7); r = random.Random(7 << 32 | 5)\n"
        "assert [mt.randbelow(st, 9) for _ in range(50)] == [r._randbelow(9) for _ in range(50)]\n"
        "a = np.arange(30); mt.sort_shuffle_inplace(st, a, 30)\n"
        "l = list(range(30)); l.sort(key=lambda _: r.random()); assert a.tolist() == l\n"
        "print('ok')\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


# -- seeding many generators side by side

def test_seed_twisted_draws_like_seed_words():
    """Blocks of equal key lengths (vector lanes), mixed lengths, the empty key,
    keys longer than 624 words, and a last block with fewer rows than BLOCK."""
    ints = INT_SEEDS[:70]
    keys = [mt.int_key(x) for x in ints]                                # 1 or 2 words
    keys += [mt.int_key(x & 0xFFFFFFFF) for x in INT_SEEDS[70:140]]      # 1 word each
    keys += [mt.int_key(2**608 + x) for x in INT_SEEDS[:40]]              # 20 words each
    keys += [np.zeros(0, np.uint32), mt.int_key(2**23_999 + 1)]         # [0]; 750 words
    keys += [mt.int_key(x) for x in BIG_SEEDS]
    words = np.concatenate(keys).astype(np.uint32)
    counts = np.array([len(k) for k in keys], np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    states = np.zeros((len(keys), mt.STATE_SIZE), np.uint32)
    mt.seed_twisted(states, words, starts, counts, mt.block_work())
    for g, k in enumerate(keys):
        ref = mt.new_state()
        mt.seed_words(ref, k, 0, len(k))
        expect = mt.shuffle_keys(ref, 700)
        assert (bits(mt.shuffle_keys(states[g], 700)) == bits(expect)).all(), g
        assert (states[g] == ref).all(), g
