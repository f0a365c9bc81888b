package dev.gpudra.bench.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The image's classpath laid out under a root file system as Jib lays it out in the image: the jars
 * of the build's {@code libs} directory at the absolute paths the image's classpath file names, in
 * its order, each with Jib's modification time (1970-01-01T00:00:01Z). A JVM accepts an AOT cache
 * only on a classpath of the same order, file sizes and modification times; the paths may move
 * together (the cache is trained under the root, used at {@code /}).
 *
 * @param classpathFile the image's classpath file: absolute in-image jar paths, ':'-separated
 * @param libs the directory holding those jars (by file name)
 */
public record ImageClasspathLayout(Path classpathFile, Path libs) {
  /** The modification time Jib gives every file it puts in an image. */
  public static final FileTime JIB_FILE_TIME = FileTime.from(Instant.ofEpochSecond(1));

  /**
   * Copies the jars under {@code rootfs} and returns the classpath that names them there, in the
   * image's order.
   */
  public String layOut(Path rootfs) throws IOException {
    List<String> entries = entries();
    checkSameJars(entries);
    List<String> relocated = new ArrayList<>();
    for (String entry : entries) {
      Path target = rootfs.resolve(entry.substring(1));
      Files.createDirectories(target.getParent());
      Files.copy(
          libs.resolve(Path.of(entry).getFileName()), target, StandardCopyOption.REPLACE_EXISTING);
      Files.setLastModifiedTime(target, JIB_FILE_TIME);
      relocated.add(target.toString());
    }
    return String.join(":", relocated);
  }

  private List<String> entries() throws IOException {
    String content = Files.readString(classpathFile).strip();
    List<String> entries =
        Arrays.stream(content.split(":")).filter(entry -> !entry.isEmpty()).toList();
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("image classpath file " + classpathFile + ": empty");
    }
    for (String entry : entries) {
      if (!entry.startsWith("/") || !entry.endsWith(".jar")) {
        throw new IllegalArgumentException(
            "image classpath file "
                + classpathFile
                + ": entry "
                + entry
                + " is not an absolute path to a jar");
      }
    }
    return entries;
  }

  /** The classpath file and the libs directory must name the same jars, or the image is broken. */
  private void checkSameJars(List<String> entries) throws IOException {
    Set<String> named = new TreeSet<>();
    entries.forEach(entry -> named.add(Path.of(entry).getFileName().toString()));
    Set<String> present = new TreeSet<>();
    try (Stream<Path> jars = Files.list(libs)) {
      jars.map(jar -> jar.getFileName().toString())
          .filter(name -> name.endsWith(".jar"))
          .forEach(present::add);
    }
    if (!named.equals(present)) {
      Set<String> missing = new TreeSet<>(named);
      missing.removeAll(present);
      Set<String> unnamed = new TreeSet<>(present);
      unnamed.removeAll(named);
      throw new IllegalArgumentException(
          "image classpath file "
              + classpathFile
              + " and "
              + libs
              + " disagree: named but missing "
              + missing
              + ", present but not named "
              + unnamed);
    }
  }
}
