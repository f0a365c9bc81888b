package dev.gpudra.tools;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.EmbeddedBackend;
import dev.gpudra.demo.RealBackend;
import dev.gpudra.demo.SpecLibrary;
import dev.gpudra.demo.operator.OperatorDemo;
import dev.gpudra.demo.realnode.PluginImage;
import dev.gpudra.demo.realnode.RealNodeDemo;
import dev.gpudra.realcluster.controlplane.ControlPlaneBinary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gpu-dra demo}: simulated GPUs on an embedded cluster, end to end. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Run the GPU kubelet plugin on simulated GPUs against an embedded API server (or a real"
            + " control plane).")
final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--keep-files",
      description = "Keep the demo's sockets, CDI specs and checkpoints.")
  boolean keepFiles;

  @Option(
      names = "--keep-running",
      description =
          "Leave the cluster up after the scenarios, with a kubeconfig for kubectl and explain.")
  boolean keepRunning;

  @Option(
      names = "--real-control-plane",
      description =
          "Run on a real kube-apiserver, controllers and kube-scheduler (gpu-dra-testcluster, built"
              + " from e2e/controlplane with Go, cached; or the binary named by"
              + " GPU_DRA_TESTCLUSTER) instead of the embedded API server and scheduler stand-in.")
  boolean realControlPlane;

  @Option(
      names = "--real-node",
      description =
          "Run the scenarios' pods as real containers on one real node: the real control plane,"
              + " containerd, runc and the real kubelet, with the plugin as a process on the image's"
              + " classpath. Needs root, Go and Debian's runc, containernetworking-plugins and"
              + " busybox-static (e2e/node/install-packages.sh).")
  boolean realNode;

  @Option(
      names = "--image-classpath",
      defaultValue = "${env:GPU_DRA_IMAGE_CLASSPATH}",
      description =
          "With --real-node: the image's classpath for the plugin process (env"
              + " GPU_DRA_IMAGE_CLASSPATH; ./gpu-dra sets deployments/container/target/libs).")
  String imageClasspath;

  @Option(
      names = "--image-tar",
      defaultValue = "${env:GPU_DRA_IMAGE_TAR}",
      description =
          "With --real-node: our image's tar (env GPU_DRA_IMAGE_TAR;"
              + " deployments/image/target/jib-image.tar), imported into the node's containerd for"
              + " the MPS control and IMEX daemons; without it, mps and compute-domain are not"
              + " run. Refused without --real-node.")
  Path imageTar;

  @Option(
      names = "--nodes",
      description =
          "The simulated nodes instead of the default six: <profile>:<count>,... (e.g."
              + " gb200-nvl:4,dgx-h100:1); profiles as gpu-dra gpus --simulated-gpus takes them."
              + " Scenarios written for the default nodes may then end otherwise.")
  String nodes;

  @Option(
      names = "--operator",
      description =
          "Instead of the scenarios: the ClusterPolicy operator bringing up the DRA driver on a GPU"
              + " node of the embedded cluster, then a pod with a ResourceClaim running there.")
  boolean operator;

  @Option(
      names = {"-v", "--verbose"},
      description =
          "Show the components' logs on stderr, the libraries' warnings, and the output of the"
              + " stand-ins for the driver's programs (nvidia-imex).")
  boolean verbose;

  private java.util.logging.Logger quietMockServer;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (!verbose) {
      // the components warn; the stand-ins (nvidia-imex's output, see ImexDaemonRuntime) say
      // nothing; the libraries (fabric8's client and mock server) only reach the user on an error
      ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("dev.gpudra"))
          .setLevel(ch.qos.logback.classic.Level.WARN);
      ((ch.qos.logback.classic.Logger)
              org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
          .setLevel(ch.qos.logback.classic.Level.ERROR);
      // the embedded API server (fabric8's mock) reports through java.util.logging a watch's
      // websocket that the client closes while the server stops: harness noise, shown with -v
      // (held in a field: java.util.logging forgets the level of a logger nobody references)
      quietMockServer = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");
      quietMockServer.setLevel(java.util.logging.Level.OFF);
    }
    if (realNode) {
      return realNode();
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--image-tar")) {
      // the launcher's GPU_DRA_IMAGE_TAR default is no request: only a given flag is refused
      throw new IllegalArgumentException(
          "--image-tar: only --real-node loads an image; the other demos run no container");
    }
    if (operator) {
      return operator();
    }
    Path dir = Files.createTempDirectory("gpu-dra-demo-");
    try {
      // the launcher runs from the checkout, whose demo/specs win over the jar's copy
      SpecLibrary specs = SpecLibrary.locate(Path.of("").toAbsolutePath());
      Demo.AfterRun after = keepRunning ? Demo.AfterRun.KEEP_RUNNING : Demo.AfterRun.CLEAN_UP;
      if (keepRunning) {
        // Ctrl-C or SIGTERM ends the wait; the hook stops the stand-in processes the simulated
        // nodes started (nvidia-imex, MPS control daemons: SIGTERM reaches only this JVM) and
        // removes the demo's files.
        Runtime.getRuntime()
            .addShutdownHook(
                Thread.ofPlatform()
                    .unstarted(() -> {
                      ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
                      quietlyDelete(dir);
                    }));
      }
      return demo(dir, specs).run(after) ? 0 : 1;
    } finally {
      if (keepFiles) {
        spec.commandLine().getOut().println("files kept in " + dir);
      } else {
        deleteTree(dir);
      }
    }
  }

  private int operator() throws IOException, InterruptedException {
    if (keepRunning || realControlPlane || nodes != null) {
      throw new IllegalArgumentException(
          "--operator runs on the embedded cluster with its own node; --keep-running,"
              + " --real-control-plane and --nodes do not combine with it (not supported yet)");
    }
    Path dir = Files.createTempDirectory("gpu-dra-demo-");
    try {
      return new OperatorDemo(spec.commandLine().getOut(), dir).run() ? 0 : 1;
    } finally {
      if (keepFiles) {
        spec.commandLine().getOut().println("files kept in " + dir);
      } else {
        deleteTree(dir);
      }
    }
  }

  private int realNode() throws IOException, InterruptedException {
    if (keepRunning || realControlPlane) {
      throw new IllegalArgumentException(
          "--real-node runs on the real control plane and stops when its scenarios are done;"
              + " --keep-running and --real-control-plane do not combine with it (not supported yet)");
    }
    if (imageClasspath == null || imageClasspath.isBlank()) {
      throw new IllegalArgumentException(
          "--real-node: no --image-classpath; run ./gpu-dra demo --real-node from the checkout,"
              + " which passes the image's (deployments/container/target/libs)");
    }
    if (imageTar != null && !Files.isRegularFile(imageTar)) {
      throw new IllegalArgumentException("--image-tar: no file " + imageTar);
    }
    Path dir = Files.createTempDirectory("gpu-dra-demo-");
    try {
      Path checkout = Path.of("").toAbsolutePath();
      return new RealNodeDemo(spec.commandLine().getOut(), dir, SpecLibrary.locate(checkout))
              .run(
                  checkout,
                  Optional.ofNullable(System.getenv(ControlPlaneBinary.ENV)).map(Path::of),
                  new PluginImage(imageClasspath, Optional.ofNullable(imageTar)))
          ? 0
          : 1;
    } finally {
      if (keepFiles) {
        spec.commandLine().getOut().println("files kept in " + dir);
      } else {
        deleteTree(dir);
      }
    }
  }

  private Demo demo(Path dir, SpecLibrary specs) throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    List<Demo.NodeSpec> simulated = nodes == null ? Demo.NODES : Demo.parseNodes(nodes);
    if (!realControlPlane) {
      return new Demo(out, dir, specs, d -> EmbeddedBackend.start(Demo.placement()), simulated);
    }
    Path binary =
        new ControlPlaneBinary(
                Path.of("").toAbsolutePath(),
                Optional.ofNullable(System.getenv(ControlPlaneBinary.ENV)).map(Path::of),
                line -> out.println("  " + line))
            .locate();
    return new Demo(out, dir, specs, work -> RealBackend.start(binary, work), simulated);
  }

  private static void quietlyDelete(Path dir) {
    try {
      deleteTree(dir);
    } catch (IOException e) {
      // best effort while the JVM stops
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
