package dev.gpudra.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds and reads {@code demo/specs}: in the checkout (the working directory or one of its
 * parents), else the copy packaged in the jar under {@code demo-specs/}.
 */
public final class SpecLibrary {
  static final String RESOURCE = "demo-specs";
  private final Path root;

  public SpecLibrary(Path root) {
    this.root = root;
  }

  /** The checkout's {@code demo/specs} above {@code workingDir}, else the packaged copy. */
  public static SpecLibrary locate(Path workingDir) {
    for (Path dir = workingDir.toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path specs = dir.resolve("demo").resolve("specs");
      if (Files.isDirectory(specs)) {
        return new SpecLibrary(specs);
      }
    }
    return packaged().orElseThrow(() -> new IllegalStateException("no demo/specs found"));
  }

  /** The copy in the jar (or in target/classes when run from the build). */
  public static Optional<SpecLibrary> packaged() {
    URL url = SpecLibrary.class.getClassLoader().getResource(RESOURCE);
    if (url == null) {
      return Optional.empty();
    }
    try {
      URI uri = url.toURI();
      if ("jar".equals(uri.getScheme())) {
        try {
          FileSystems.newFileSystem(uri, Map.of());
        } catch (FileSystemAlreadyExistsException e) {
          // opened by an earlier call; Path.of finds it
        }
      }
      return Optional.of(new SpecLibrary(Path.of(uri)));
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException("cannot open the packaged demo specs at " + url, e);
    }
  }

  /** Where the specs are read from. */
  public String location() {
    return root.toUri().toString();
  }

  /**
   * The file that holds a scenario's manifests, as a path to type: relative to the working
   * directory when it is below it; for the copy inside the jar, which no command reads, the
   * checkout's {@code demo/specs} it was copied from.
   */
  public String manifestFile(DemoSpec spec) {
    String name = spec.name() + "/" + spec.name() + ".yaml";
    if (root.getFileSystem() != FileSystems.getDefault()) {
      return "demo/specs/" + name;
    }
    Path file = root.resolve(name).toAbsolutePath();
    Path here = Path.of("").toAbsolutePath();
    return (file.startsWith(here) ? here.relativize(file) : file).toString();
  }

  /**
   * Every scenario, in folder-name order, those that need free GPUs first: an event needs its GPU
   * free of earlier scenarios' claims (as does an expectation with {@code freeGpus}), and a real
   * kube-scheduler places those at random among equal nodes. Those that run again as {@code gpu-dra
   * migrate} translates them come last: the translated pod takes the first free GPU, which the
   * other scenarios' expected placements count on.
   */
  public List<DemoSpec> scenarios() {
    try (Stream<Path> dirs = Files.list(root)) {
      return dirs.filter(Files::isDirectory)
          .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
          .map(this::read)
          .sorted(
              Comparator.comparing((DemoSpec spec) -> !spec.needsFreeGpus())
                  .thenComparing(DemoSpec::migrates))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
  }

  private DemoSpec read(Path dir) {
    String name = dir.getFileName().toString().replace("/", "");
    return new DemoSpec(
        name,
        text(dir.resolve(name + ".yaml")),
        firstParagraph(text(dir.resolve("README.md"))),
        Expectation.parse(text(dir.resolve("expect.yaml"))),
        Files.exists(dir.resolve("gpu-events.yaml"))
            ? GpuEvents.parse(text(dir.resolve("gpu-events.yaml")))
            : GpuEvents.NONE);
  }

  private static String firstParagraph(String readme) {
    return String.join(
        " ",
        readme
            .lines()
            .filter(l -> !l.startsWith("#"))
            .dropWhile(String::isBlank)
            .takeWhile(l -> !l.isBlank())
            .toList());
  }

  private static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
