package lab.jvm;

import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The lab's udp-queue op (crates/core/src/queue/bench.rs) on the originals: one receiving thread
 * offers into a queue that starts half full and is drained (polled until empty) only at its
 * bound: the plain CLQ every `capacity` offers by a counter, the guarded CLQ when size() reaches
 * the bound, the bounded queues when an offer returns false. One op = one offer and its share of
 * the drains. Method names are the blog's (and its style for JCTools).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class QueueOffer {
    static final Integer ELEMENT = 7;

    static long drain(Queue<Integer> q) {
        long n = 0;
        while (q.poll() != null) n++;
        return n;
    }

    @State(Scope.Thread)
    public static class Clq {
        @Param({"1024", "65536", "1048576"})
        public int capacity;
        ConcurrentLinkedQueue<Integer> q;
        int sinceDrain;
        long drained;

        @Setup
        public void fill() {
            q = new ConcurrentLinkedQueue<>();
            for (int i = 0; i < capacity / 2; i++) q.offer(ELEMENT);
            sinceDrain = capacity / 2;
        }
    }

    @State(Scope.Thread)
    public static class Bounded {
        @Param({"1024", "65536", "1048576"})
        public int capacity;
        Queue<Integer> abq;
        Queue<Integer> spsc;
        Queue<Integer> mpsc;
        long drained;

        Queue<Integer> half(Queue<Integer> q) {
            for (int i = 0; i < capacity / 2; i++) q.offer(ELEMENT);
            return q;
        }
    }

    @State(Scope.Thread)
    public static class Abq extends Bounded {
        @Setup
        public void fill() {
            abq = half(new ArrayBlockingQueue<>(capacity));
        }
    }

    @State(Scope.Thread)
    public static class Spsc extends Bounded {
        @Setup
        public void fill() {
            spsc = half(new SpscArrayQueue<>(capacity));
        }
    }

    @State(Scope.Thread)
    public static class Mpsc extends Bounded {
        @Setup
        public void fill() {
            mpsc = half(new MpscArrayQueue<>(capacity));
        }
    }

    @Benchmark
    public boolean clqOffer(Clq s) {
        if (s.sinceDrain == s.capacity) {
            s.drained += drain(s.q);
            s.sinceDrain = 0;
        }
        s.sinceDrain++;
        return s.q.offer(ELEMENT);
    }

    @Benchmark
    public boolean clqOfferWithSizeCheck(Clq s) {
        if (s.q.size() >= s.capacity) s.drained += drain(s.q);
        return s.q.offer(ELEMENT);
    }

    static boolean offerOrDrain(Bounded s, Queue<Integer> q) {
        if (q.offer(ELEMENT)) return true;
        s.drained += drain(q);
        return q.offer(ELEMENT);
    }

    @Benchmark
    public boolean abqOffer(Abq s) {
        return offerOrDrain(s, s.abq);
    }

    @Benchmark
    public boolean spscOffer(Spsc s) {
        return offerOrDrain(s, s.spsc);
    }

    @Benchmark
    public boolean mpscOffer(Mpsc s) {
        return offerOrDrain(s, s.mpsc);
    }
}
