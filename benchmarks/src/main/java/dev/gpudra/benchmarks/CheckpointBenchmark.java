package dev.gpudra.benchmarks;

import dev.gpudra.gpu.checkpoint.CheckpointCodec;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
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

/**
 * The checkpoint encoding of one prepare: with {@code claims} one-GPU claims held, a claim goes
 * PrepareStarted then PrepareCompleted (two updates, two encodes), as the plugin writes them.
 * {@code legacy*} is the same through the encoding before issue 16 ({@link
 * LegacyCheckpointEncoding}). Forked with the plugin's C1-only JVM flags, where generic paths cost
 * most.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m"})
@State(Scope.Thread)
public class CheckpointBenchmark {
  @Param({"1", "100", "1000"})
  public int claims;

  private final CheckpointCodec codec = new CheckpointCodec();
  private final LegacyCheckpointEncoding legacy = new LegacyCheckpointEncoding();
  private CheckpointV1 checkpoint;
  private String[] uids;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    Random random = new Random(16);
    uids = new String[claims];
    checkpoint = CheckpointV1.empty(new UUID(random.nextLong(), random.nextLong()).toString());
    for (int i = 0; i < claims; i++) {
      uids[i] = new UUID(random.nextLong(), random.nextLong()).toString();
      checkpoint = checkpoint.withClaim(uids[i], completed(uids[i], i));
    }
    if (!Arrays.equals(codec.encode(checkpoint), legacy.encode(checkpoint))) {
      throw new IllegalStateException("the encodings differ: the baseline is not the old code");
    }
  }

  /** Two encodes through {@link CheckpointCodec}, the plugin's. */
  @Benchmark
  public byte[] prepare() {
    int i = next++ % claims;
    String uid = uids[i];
    PreparedClaim started = PreparedClaim.started("bench", "claim-" + i, devices(uid, i));
    checkpoint = checkpoint.withClaim(uid, started);
    codec.encode(checkpoint);
    checkpoint = checkpoint.withClaim(uid, started.completed(devices(uid, i)));
    return codec.encode(checkpoint);
  }

  /** The same two encodes through the encoding before issue 16. */
  @Benchmark
  public byte[] legacyPrepare() throws Exception {
    int i = next++ % claims;
    String uid = uids[i];
    PreparedClaim started = PreparedClaim.started("bench", "claim-" + i, devices(uid, i));
    checkpoint = checkpoint.withClaim(uid, started);
    legacy.encode(checkpoint);
    checkpoint = checkpoint.withClaim(uid, started.completed(devices(uid, i)));
    return legacy.encode(checkpoint);
  }

  private static PreparedClaim completed(String uid, int i) {
    return PreparedClaim.started("bench", "claim-" + i, List.of()).completed(devices(uid, i));
  }

  private static List<CheckpointDevice> devices(String uid, int i) {
    String device = "gpu-" + (i % 8);
    return List.of(
        new CheckpointDevice(
            device,
            "gpu",
            "GPU-" + UUID.nameUUIDFromBytes(device.getBytes()),
            List.of("gpu"),
            "node-0",
            List.of("k8s.gpu.nvidia.com/claim=" + uid + "-" + device),
            i % 3 == 0,
            null,
            null,
            null,
            null));
  }
}
