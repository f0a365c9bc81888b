package dev.gpudra.realcluster.node;

import dev.gpudra.realcluster.controlplane.BuildScript;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * node-feature-discovery (NFD) on the real node, as the operator chart runs it: NFD's image, built
 * here from its Go module ({@code e2e/node/nfd-image.sh}, no registry) and imported into the node's
 * containerd; and feature files (NFD's local source) in the features.d directory nfd-worker mounts
 * from the host, where a test writes the labels a device it does not have would give, an NVIDIA
 * GPU's {@link #GPU_PRESENT} above all. What it writes, and the directories it had to create for
 * it, go on {@link #close}.
 */
public final class NodeFeatureDiscovery implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(NodeFeatureDiscovery.class);

  /** NFD's image, as NFD's chart and ours name it. */
  public static final String IMAGE = "registry.k8s.io/nfd/node-feature-discovery:v0.19.0";

  /** Where nfd-worker's pod reads feature files from: the host's, through a hostPath. */
  public static final Path HOST_FEATURES_D =
      Path.of("/etc/kubernetes/node-feature-discovery/features.d");

  /** NFD's label namespace, which unprefixed feature labels get. */
  public static final String LABEL_NS = "feature.node.kubernetes.io/";

  /** What NFD's PCI source labels a node with an NVIDIA device with (vendor 10de). */
  public static final String GPU_PRESENT = LABEL_NS + "pci-10de.present";

  static final String SCRIPT = "e2e/node/nfd-image.sh";

  private final Path featuresDir;
  private final List<Path> written = new ArrayList<>();
  private final Deque<Path> created = new ArrayDeque<>();

  /**
   * @param featuresDir the features.d directory ({@link #HOST_FEATURES_D} on the real node)
   */
  public NodeFeatureDiscovery(Path featuresDir) {
    this.featuresDir = Objects.requireNonNull(featuresDir, "featuresDir").toAbsolutePath();
  }

  /**
   * Builds NFD's image (cached by the script) and imports it into the node's containerd.
   *
   * @param checkout the repository root, or a directory below it
   * @throws RealNodeUnavailableException when it cannot be built here (no Go, no module proxy), in
   *     one line
   */
  public static void importImage(RealNode node, Path checkout, Consumer<String> progress)
      throws InterruptedException {
    Path script =
        BuildScript.find(checkout, SCRIPT)
            .orElseThrow(() ->
                new RealNodeUnavailableException(
                    "NFD image: " + SCRIPT + " not found in " + checkout + " or above"));
    Path tar =
        new BuildScript(script, "NFD's image").run(progress, RealNodeUnavailableException::new);
    node.importImage(tar);
    log.info("imported {} from {}", IMAGE, tar);
  }

  /**
   * Writes a feature file: one {@code name=value} line per label, unprefixed names in NFD's
   * namespace. Written under a hidden name and renamed, so nfd-worker never reads half of it.
   *
   * @param name the file's name in features.d
   * @return the file
   */
  public Path writeFeatureFile(String name, Map<String, String> labels) {
    if (name.startsWith(".") || name.contains("/")) {
      throw new IllegalArgumentException("not a visible file name in features.d: " + name);
    }
    try {
      createDirectories(featuresDir);
      Path file = featuresDir.resolve(name);
      Path partial = featuresDir.resolve("." + name + ".partial");
      String content =
          labels.entrySet().stream()
              .map(label -> label.getKey() + "=" + label.getValue() + "\n")
              .collect(Collectors.joining("", "# written by gpu-dra's e2e harness\n", ""));
      Files.writeString(partial, content);
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
      if (!written.contains(file)) {
        written.add(file);
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a feature file in " + featuresDir, e);
    }
  }

  /** Removes a feature file written here: nfd-worker drops its labels. */
  public void removeFeatureFile(String name) {
    Path file = featuresDir.resolve(name);
    deleteQuietly(file);
    written.remove(file);
  }

  private void createDirectories(Path dir) throws IOException {
    Deque<Path> missing = new ArrayDeque<>();
    for (Path at = dir; at != null && !Files.isDirectory(at); at = at.getParent()) {
      missing.push(at);
    }
    while (!missing.isEmpty()) {
      Path next = missing.pop();
      Files.createDirectory(next);
      created.push(next);
    }
  }

  /**
   * The labels NFD's PCI source gives this machine's PCI devices with {@code deviceLabelFields:
   * [vendor]}: {@code pci-<vendor>.present} for each device whose class starts with one of {@code
   * classWhitelist}, and {@code pci-<vendor>.sriov.capable} where it can have virtual functions.
   *
   * @param sysfs the sysfs root ({@code /sys})
   */
  public static Set<String> pciLabels(Path sysfs, List<String> classWhitelist) {
    Set<String> labels = new TreeSet<>();
    Path devices = sysfs.resolve("bus/pci/devices");
    if (!Files.isDirectory(devices)) {
      return labels;
    }
    try (Stream<Path> all = Files.list(devices)) {
      for (Path device : all.sorted().toList()) {
        Optional<String> vendor = attribute(device, "vendor");
        Optional<String> pciClass = attribute(device, "class");
        boolean complete =
            Stream.of("device", "subsystem_vendor", "subsystem_device")
                .allMatch(a -> attribute(device, a).isPresent());
        if (vendor.isEmpty() || pciClass.isEmpty() || !complete) {
          continue; // NFD skips a device it cannot read all of
        }
        String code = pciClass.get().length() > 4 ? pciClass.get().substring(0, 4) : pciClass.get();
        if (classWhitelist.stream().anyMatch(c -> code.startsWith(c.toLowerCase(Locale.ROOT)))) {
          labels.add(LABEL_NS + "pci-" + vendor.get() + ".present");
          if (attribute(device, "sriov_totalvfs").isPresent()) {
            labels.add(LABEL_NS + "pci-" + vendor.get() + ".sriov.capable");
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + devices, e);
    }
    return labels;
  }

  /** A sysfs attribute as NFD reads it: trimmed, without its {@code 0x}. */
  private static Optional<String> attribute(Path device, String name) {
    try {
      String value = Files.readString(device.resolve(name)).strip();
      return Optional.of(value.startsWith("0x") ? value.substring(2) : value);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Removes the files written, then the directories created for them while they are empty. */
  @Override
  public void close() {
    written.forEach(NodeFeatureDiscovery::deleteQuietly);
    written.clear();
    while (!created.isEmpty()) {
      Path dir = created.pop();
      try {
        Files.deleteIfExists(dir);
      } catch (DirectoryNotEmptyException e) {
        log.info("kept {}: something else wrote into it", dir);
      } catch (IOException e) {
        log.warn("cannot remove {}", dir, e);
      }
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      log.warn("cannot remove {}", file, e);
    }
  }
}
