package lab.jvm;

import io.netty.util.internal.RecyclableArrayList;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The loop of Netty's 2014 RecyclableArrayListBenchmark, written again for JMH 1.37: one op gets a
 * pooled list, ensures its capacity, and recycles it (recycle() clears it first). Which Recycler
 * runs depends on the netty-common version the jar was built with; whether the old one keeps its
 * assertion map depends on -ea:io.netty... (run.sh runs both). `allocate` is the same op with no
 * pool: a new ArrayList each time, returned so that it escapes.
 *
 * One thread (the original ran four, each with its own stack), throughput in ops/s.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms768m", "-Xmx768m"})
@State(Scope.Thread)
public class RecyclableArrayListBenchmark {

    @Param({"00000", "00256", "01024", "04096", "16384", "65536"})
    public int size;

    @Benchmark
    public void recycleSameThread() {
        RecyclableArrayList list = RecyclableArrayList.newInstance(size);
        list.recycle();
    }

    @Benchmark
    public ArrayList<Object> allocate() {
        ArrayList<Object> list = new ArrayList<>(8);
        list.ensureCapacity(size);
        list.clear();
        return list;
    }
}
