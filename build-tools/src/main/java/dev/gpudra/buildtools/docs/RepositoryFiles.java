package dev.gpudra.buildtools.docs;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The files of a checkout that the checks read, found by walking it, so that neither git nor a
 * {@code .git} directory is needed: everything but {@code .git}, {@code node_modules} and the
 * directories a {@code .gitignore} names as {@code name/} ({@code target/} at any depth, {@code
 * e2e/node/bin/} for the real node's Go and tool caches). Patterns with wildcards are not read: the
 * checks only look at docs and sources, which no such pattern hides.
 */
public final class RepositoryFiles {
  private static final Set<String> NEVER = Set.of(".git", "node_modules");

  private RepositoryFiles() {}

  /** Every regular file under {@code root} outside the skipped directories, sorted. */
  public static List<Path> under(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          // per directory being walked: the names hidden at any depth below it, and right beside
          private final Deque<Set<String>> inherited = new ArrayDeque<>(List.of(Set.of()));
          private final Deque<Set<String>> local = new ArrayDeque<>();

          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            String name = dir.equals(root) ? "" : dir.getFileName().toString();
            boolean ignored =
                NEVER.contains(name)
                    || inherited.peek().contains(name)
                    || (!local.isEmpty() && local.peek().contains(name));
            if (ignored) {
              return FileVisitResult.SKIP_SUBTREE;
            }
            Ignores ignores = Ignores.in(dir);
            Set<String> below = new HashSet<>(inherited.peek());
            below.addAll(ignores.anyDepth());
            inherited.push(below);
            local.push(ignores.here());
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            if (attrs.isRegularFile()) {
              files.add(file);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            if (e != null) {
              throw e;
            }
            inherited.pop();
            local.pop();
            return FileVisitResult.CONTINUE;
          }
        });
    files.sort(null);
    return files;
  }

  /**
   * The directory names of one {@code .gitignore}: {@code name/} hides {@code name} at any depth
   * below it, {@code /name/} only right beside it.
   */
  private record Ignores(Set<String> anyDepth, Set<String> here) {
    static Ignores in(Path dir) throws IOException {
      Path gitignore = dir.resolve(".gitignore");
      Set<String> anyDepth = new HashSet<>();
      Set<String> here = new HashSet<>();
      if (Files.isRegularFile(gitignore)) {
        for (String line : Files.readAllLines(gitignore)) {
          String entry = line.strip();
          if (!entry.endsWith("/") || entry.startsWith("#") || entry.matches(".*[*?\\[!].*")) {
            continue;
          }
          String name = entry.substring(entry.startsWith("/") ? 1 : 0, entry.length() - 1);
          if (name.isEmpty() || name.contains("/")) {
            continue;
          }
          (entry.startsWith("/") ? here : anyDepth).add(name);
        }
      }
      return new Ignores(Set.copyOf(anyDepth), Set.copyOf(here));
    }
  }
}
