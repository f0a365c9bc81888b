package dev.gpudra.cli;

import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpu-dra operator}: NVIDIA's GPU Operator's ClusterPolicy controller, with gpu-dra's DRA
 * driver and node-by-node migration (issue 14, in progress).
 */
@Command(
    name = "operator",
    mixinStandardHelpOptions = true,
    description =
        "Run the ClusterPolicy operator until SIGTERM: the singleton ClusterPolicy's operands in"
            + " NVIDIA's order, the GPU nodes' labels, each node's move between the device plugin"
            + " and the DRA driver, and the policy's status.")
final class OperatorCommand implements Callable<Integer> {
  @Option(names = "--kubeconfig", defaultValue = "${env:KUBECONFIG}", description = "KUBECONFIG.")
  String kubeconfig;

  @Option(
      names = "--namespace",
      defaultValue = "${env:OPERATOR_NAMESPACE:-}",
      description = "Where the operands run; required, as NVIDIA's (OPERATOR_NAMESPACE).")
  String namespace;

  @Option(
      names = "--operand-image",
      defaultValue = "${env:DRA_DRIVER_IMAGE:-}",
      description =
          "The image of gpu-dra's operands: the device plugin, its MPS daemon and the DRA driver;"
              + " spec.draDriver's image wins for the DRA driver (DRA_DRIVER_IMAGE).")
  String image;

  @Override
  public Integer call() throws Exception {
    if (namespace == null || namespace.isBlank()) {
      throw new InvalidArgumentsException(
          "--namespace (OPERATOR_NAMESPACE) is empty: the operator needs the namespace its"
              + " operands run in");
    }
    if (image == null || image.isBlank()) {
      throw new InvalidArgumentsException(
          "--operand-image (DRA_DRIVER_IMAGE) is empty: the operator needs the image of gpu-dra's"
              + " device plugin and DRA driver");
    }
    OperatorSettings settings = new OperatorSettings(namespace, image);
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client =
            Clients.connect(
                Optional.ofNullable(kubeconfig).filter(k -> !k.isBlank()).map(Path::of));
        ClusterPolicyOperator operator = ClusterPolicyOperator.start(client, settings)) {
      Runtime.getRuntime()
          .addShutdownHook(
              Thread.ofPlatform()
                  .unstarted(() -> {
                    operator.close();
                    stopped.countDown();
                  }));
      stopped.await();
    }
    return 0;
  }
}
