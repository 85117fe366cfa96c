package lab.jvm;

/** The lab's seeded generator (crates/core/src/rng.rs), so both sides draw the same delays. */
final class SplitMix {
    private long state;

    SplitMix(long seed) {
        state = seed;
    }

    long next() {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** next() % m, unsigned, as Rust's u64 arithmetic. */
    long below(long m) {
        return Long.remainderUnsigned(next(), m);
    }
}
