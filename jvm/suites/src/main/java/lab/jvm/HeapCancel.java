package lab.jvm;

import io.netty.util.internal.DefaultPriorityQueue;
import io.netty.util.internal.PriorityQueueNode;
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
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;

/**
 * The lab's heap-cancel op on the originals: a heap holding tasks due at 1..num (scheduled in
 * order, built untimed before each invocation, as the lab's prepare does), then every task
 * cancelled, in order or in reverse. java.util.PriorityQueue.remove(Object) scans its array with
 * equals (identity: the task does not override it); Netty's DefaultPriorityQueue.removeTyped uses
 * the index the task carries. Throughput in ops/s, one op = num cancellations.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class HeapCancel {

    /** A scheduled task: ordered by deadline, then by scheduling sequence, as Netty's are. */
    static final class Task implements Comparable<Task>, PriorityQueueNode {
        final long deadline;
        final long seq;
        private int index = INDEX_NOT_IN_QUEUE;

        Task(long deadline, long seq) {
            this.deadline = deadline;
            this.seq = seq;
        }

        @Override
        public int compareTo(Task o) {
            int c = Long.compare(deadline, o.deadline);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }

        @Override
        public int priorityQueueIndex(DefaultPriorityQueue<?> queue) {
            return index;
        }

        @Override
        public void priorityQueueIndex(DefaultPriorityQueue<?> queue, int i) {
            index = i;
        }
    }

    static final Comparator<Task> ORDER = Task::compareTo;

    @Param({"jdk", "indexed"})
    public String heap;

    @Param({"100", "1000", "10000", "100000"})
    public int num;

    private Task[] tasks;
    private PriorityQueue<Task> jdk;
    private DefaultPriorityQueue<Task> indexed;

    @Setup(Level.Trial)
    public void tasks() {
        tasks = new Task[num];
        for (int i = 0; i < num; i++) tasks[i] = new Task(i + 1, i);
    }

    /** A fresh heap per invocation, untimed: the lab's prepare(k). */
    @Setup(Level.Invocation)
    public void fill() {
        if (heap.equals("jdk")) {
            jdk = new PriorityQueue<>();
            for (Task t : tasks) jdk.offer(t);
        } else {
            indexed = new DefaultPriorityQueue<>(ORDER, 11);
            for (Task t : tasks) indexed.offer(t);
        }
    }

    @Benchmark
    public int cancelInOrder() {
        int found = 0;
        if (heap.equals("jdk")) {
            for (Task t : tasks) found += jdk.remove(t) ? 1 : 0;
        } else {
            for (Task t : tasks) found += indexed.removeTyped(t) ? 1 : 0;
        }
        return found;
    }

    @Benchmark
    public int cancelInReverseOrder() {
        int found = 0;
        if (heap.equals("jdk")) {
            for (int i = tasks.length - 1; i >= 0; i--) found += jdk.remove(tasks[i]) ? 1 : 0;
        } else {
            for (int i = tasks.length - 1; i >= 0; i--) found += indexed.removeTyped(tasks[i]) ? 1 : 0;
        }
        return found;
    }
}
