package dev.gpudra.buildtools;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code OldClasses <directory>}: rewrites the class files older than version 50 of every jar in a
 * directory (the image's target/libs), see the package documentation. Exits 1 with the reason when
 * a jar cannot be rewritten; the build then fails.
 */
public final class OldClasses {
  private OldClasses() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** The tool without the exit: 0 done, 1 refused, 2 usage. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length != 1 || !Files.isDirectory(Path.of(args[0]))) {
      err.println("usage: OldClasses <directory of jars> (got " + List.of(args) + ")");
      return 2;
    }
    try {
      List<Path> jars = jars(Path.of(args[0]));
      try (URLClassLoader hierarchy = loader(jars)) {
        JarUpgrade upgrade = new JarUpgrade(new ClassUpgrade(hierarchy));
        int changed = 0;
        for (Path jar : jars) {
          JarUpgrade.Result result = upgrade.upgrade(jar);
          if (result.rewritten() > 0) {
            changed++;
            out.printf(
                "old-classes: %s: %d class files rewritten as version %d%n",
                jar.getFileName(), result.rewritten(), ClassUpgrade.TARGET);
          }
        }
        out.printf("old-classes: %d jars in %s, %d rewritten%n", jars.size(), args[0], changed);
      }
      return 0;
    } catch (UpgradeException | IOException | UncheckedIOException e) {
      err.println("old-classes: " + e.getMessage());
      return 1;
    }
  }

  private static List<Path> jars(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
    }
  }

  private static URLClassLoader loader(List<Path> jars) {
    URL[] urls = jars.stream().map(OldClasses::url).toArray(URL[]::new);
    return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
  }

  private static URL url(Path jar) {
    try {
      return jar.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new UncheckedIOException(e);
    }
  }
}
