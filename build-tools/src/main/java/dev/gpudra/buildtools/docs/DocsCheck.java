package dev.gpudra.buildtools.docs;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code DocsCheck [root]}: the writing rules of CONTRIBUTING.md that a program can measure, over
 * every Markdown file of the checkout (links, anchors, named files; README.md's length and the
 * table cells of README.md and docs/) and the {@code .md} names in its sources. Prints every
 * violation as {@code file:line: message} and exits 1 when there is one.
 */
public final class DocsCheck {
  /** README.md: about two screens. */
  public static final int README_MAX_LINES = 120;

  /** A table cell: a phrase, not a paragraph. */
  public static final int CELL_MAX_WORDS = 15;

  private static final Pattern SOURCE =
      Pattern.compile(".*\\.(java|ya?ml|xml|sh|proto|tpl|properties)$");

  private final Path root;
  private final Map<Path, Set<String>> anchors = new HashMap<>();

  public DocsCheck(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** The check without the exit: 0 clean, 1 violations, 2 usage. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Path root = Path.of(args.length == 1 ? args[0] : ".");
    if (args.length > 1 || !Files.isDirectory(root)) {
      err.println("usage: DocsCheck [repository root] (got " + List.of(args) + ")");
      return 2;
    }
    try {
      List<Violation> violations = new DocsCheck(root).run();
      violations.forEach(err::println);
      out.printf("docs-check: %d violations%n", violations.size());
      return violations.isEmpty() ? 0 : 1;
    } catch (IOException | UncheckedIOException e) {
      err.println("docs-check: " + e.getMessage());
      return 1;
    }
  }

  /** Every violation in the checkout, sorted by file and line. */
  public List<Violation> run() throws IOException {
    return check(RepositoryFiles.under(root));
  }

  /** The violations of the given files (absolute, under the root); other files are ignored. */
  public List<Violation> check(List<Path> files) throws IOException {
    List<Violation> violations = new ArrayList<>();
    Links links = new Links(root, this::anchorsOf);
    FileMentions mentions = new FileMentions(root);
    for (Path file : files) {
      String name = file.getFileName().toString();
      if (name.endsWith(".md")) {
        MarkdownSource source = MarkdownSource.read(file);
        violations.addAll(links.check(file, source));
        violations.addAll(mentions.inMarkdown(file, source));
        violations.addAll(lengths(root.relativize(file), source));
      } else if (SOURCE.matcher(name).matches()) {
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        violations.addAll(mentions.inSource(file, text));
      }
    }
    violations.sort(null);
    return violations;
  }

  private static List<Violation> lengths(Path relative, MarkdownSource source) {
    List<Violation> violations = new ArrayList<>();
    String file = relative.toString();
    boolean readme = relative.equals(Path.of("README.md"));
    if (readme && source.lines().size() > README_MAX_LINES) {
      violations.add(
          new Violation(
              file,
              README_MAX_LINES + 1,
              "README.md has "
                  + source.lines().size()
                  + " lines, at most "
                  + README_MAX_LINES
                  + " (about two screens): move the detail into docs/"));
    }
    // docs/benchmarks/ is the archive of past runs, kept as they were recorded; the guides and
    // BENCHMARKS.md's summary are what a reader in a hurry meets
    if (readme
        || relative.startsWith("docs") && !relative.startsWith(Path.of("docs", "benchmarks"))) {
      for (Tables.Cell cell : Tables.cells(source)) {
        if (cell.words() > CELL_MAX_WORDS) {
          violations.add(
              new Violation(
                  file,
                  cell.line(),
                  "table cell of "
                      + cell.words()
                      + " words, at most "
                      + CELL_MAX_WORDS
                      + ": \""
                      + start(cell.text())
                      + "\""));
        }
      }
    }
    return violations;
  }

  private static String start(String text) {
    String[] words = text.split("\\s+");
    return words.length <= 6 ? text : String.join(" ", List.of(words).subList(0, 6)) + " ...";
  }

  private Set<String> anchorsOf(Path markdown) {
    return anchors.computeIfAbsent(
        markdown,
        file -> {
          try {
            return Anchors.of(MarkdownSource.read(file));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }
}
