package lab.jvm;

import io.netty.util.internal.DefaultPriorityQueue;
import io.netty.util.internal.PriorityQueueNode;
import org.apache.kafka.server.util.timer.TimerTask;
import org.apache.kafka.server.util.timer.VirtualTimer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Comparator;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * The lab's timer-add-cancel op (crates/core/src/wheel/bench.rs) on the originals: add n tasks
 * with the lab's seeded delays in [0, 200) ms, cancel 90% in the lab's seeded order, then move
 * the clock to 200 ms so the rest run. Every task is a new object each op, as a purgatory's are.
 * Kafka's timing wheel (via {@link VirtualTimer}), a java.util.concurrent.DelayQueue of tasks
 * (remove(Object): a lock and a scan) and Netty's DefaultPriorityQueue; all on a virtual clock.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class TimerAddCancel {
    static final long MAX_DELAY_MS = 200;

    @Param({"wheel", "delay-queue", "indexed"})
    public String timer;

    @Param({"1000", "10000", "100000"})
    public int n;

    private long[] delays;
    private int[] cancels;
    private long fired;

    @Setup(Level.Trial)
    public void plan() {
        SplitMix r = new SplitMix(n * 7919L);
        delays = new long[n];
        for (int i = 0; i < n; i++) delays[i] = r.below(MAX_DELAY_MS);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = n - 1; i >= 1; i--) {
            int j = (int) r.below(i + 1L);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        cancels = java.util.Arrays.copyOf(order, n * 9 / 10);
    }

    final class WheelTask extends TimerTask {
        WheelTask(long delayMs) {
            super(delayMs);
        }

        @Override
        public void run() {
            fired++;
        }
    }

    /** A DelayQueue element on the benchmark's virtual clock; equals is identity, as the JDK's. */
    static final class Delay implements Delayed {
        final long due;
        final int task;
        final VirtualClock clock;

        Delay(long due, int task, VirtualClock clock) {
            this.due = due;
            this.task = task;
            this.clock = clock;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(due - clock.now, TimeUnit.MILLISECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            Delay d = (Delay) o;
            int c = Long.compare(due, d.due);
            return c != 0 ? c : Integer.compare(task, d.task);
        }
    }

    static final class VirtualClock {
        long now;
    }

    static final class Node implements PriorityQueueNode {
        final long due;
        final int task;
        private int index = INDEX_NOT_IN_QUEUE;

        Node(long due, int task) {
            this.due = due;
            this.task = task;
        }

        @Override
        public int priorityQueueIndex(DefaultPriorityQueue<?> q) {
            return index;
        }

        @Override
        public void priorityQueueIndex(DefaultPriorityQueue<?> q, int i) {
            index = i;
        }
    }

    static final Comparator<Node> BY_DUE = (a, b) -> {
        int c = Long.compare(a.due, b.due);
        return c != 0 ? c : Integer.compare(a.task, b.task);
    };

    @Benchmark
    public long addCancel() {
        fired = 0;
        switch (timer) {
            case "wheel": {
                VirtualTimer t = new VirtualTimer(0);
                WheelTask[] tasks = new WheelTask[n];
                for (int i = 0; i < n; i++) {
                    tasks[i] = new WheelTask(delays[i]);
                    t.add(tasks[i]);
                }
                for (int i : cancels) tasks[i].cancel();
                t.advance(MAX_DELAY_MS);
                break;
            }
            case "delay-queue": {
                VirtualClock clock = new VirtualClock();
                DelayQueue<Delay> q = new DelayQueue<>();
                Delay[] tasks = new Delay[n];
                for (int i = 0; i < n; i++) {
                    tasks[i] = new Delay(clock.now + delays[i], i, clock);
                    q.offer(tasks[i]);
                    // A task due at once runs at once, as the lab's delay-queue timer does.
                    if (delays[i] == 0) {
                        while (q.poll() != null) fired++;
                    }
                }
                for (int i : cancels) q.remove(tasks[i]);
                clock.now = MAX_DELAY_MS;
                while (q.poll() != null) fired++;
                break;
            }
            default: {
                DefaultPriorityQueue<Node> h = new DefaultPriorityQueue<>(BY_DUE, 11);
                Node[] tasks = new Node[n];
                for (int i = 0; i < n; i++) {
                    tasks[i] = new Node(delays[i], i);
                    h.offer(tasks[i]);
                }
                for (int i : cancels) h.removeTyped(tasks[i]);
                while (h.peek() != null && h.peek().due <= MAX_DELAY_MS) {
                    h.poll();
                    fired++;
                }
            }
        }
        return fired;
    }
}
