package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.state.StepObserver;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The GPU kubelet plugin in a JVM of its own, for {@link CrashIT}: when the chosen durable step of
 * a prepare or unprepare is reached it halts the process at once (no shutdown hooks, no socket
 * cleanup: as the kernel's OOM killer or a node crash would end it) with exit status 137.
 *
 * <p>Arguments: {@code <kubeconfig> <node> <root dir> <profile>[@<feature gates>] [<step to crash
 * at>]}. Prints {@link #READY} once the kubelet has confirmed its registration, then serves until
 * killed or until its standard input closes (the test JVM died).
 */
public final class CrashingPluginMain {
  static final String READY = "crashing-plugin-main: registered with the kubelet";
  static final int CRASH_STATUS = 137;

  private CrashingPluginMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 4 || args.length > 5) {
      System.err.println("usage: <kubeconfig> <node> <root dir> <profile> [<step>]");
      System.exit(2);
    }
    Path kubeconfig = Path.of(args[0]);
    String node = args[1];
    NodeDirs dirs = new NodeDirs(Path.of(args[2]));
    Optional<StepObserver.Step> crashAt =
        args.length == 5 ? Optional.of(StepObserver.Step.valueOf(args[4])) : Optional.empty();
    KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .build();
    GpuKubeletPlugin plugin =
        GpuKubeletPlugin.start(
            dirs.config(node, profile(args[3]), gates(args[3]), Optional.empty()),
            client,
            PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE),
            GpuDriverParts.Hooks.defaults()
                .withBootIdFile(dirs.bootIdFile())
                .withSteps(crashingAt(crashAt)));
    if (!plugin.kit().registration().awaitRegistered(Duration.ofSeconds(30))) {
      System.err.println("the kubelet never confirmed the registration");
      Runtime.getRuntime().halt(3);
    }
    System.out.println(READY);
    System.out.flush();
    // Serve until killed, or until the test JVM that holds our stdin is gone: never leak.
    while (System.in.read() != -1) {
      // the parent writes nothing; EOF means it exited
    }
    Runtime.getRuntime().halt(0);
  }

  /** {@code dgx-h100} or {@code dgx-h100@DynamicMIG=true}: the profile, then the gates. */
  private static String profile(String spec) {
    int at = spec.indexOf('@');
    return at < 0 ? spec : spec.substring(0, at);
  }

  private static FeatureGates gates(String spec) {
    int at = spec.indexOf('@');
    return at < 0 ? FeatureGates.defaults() : FeatureGates.parse(spec.substring(at + 1));
  }

  private static StepObserver crashingAt(Optional<StepObserver.Step> crashAt) {
    return (step, claimUid) -> {
      if (crashAt.isPresent() && crashAt.get() == step) {
        System.out.println("crashing at " + step + " of claim " + claimUid);
        System.out.flush();
        Runtime.getRuntime().halt(CRASH_STATUS);
      }
    };
  }
}
