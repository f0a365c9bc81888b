package dev.gpudra.buildtools.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Files of the repository that a text names outside a link, such as {@code docs/helm.md} in a
 * sentence or {@code deployments/helm/gpu-dra/values.yaml} in a code span: each must exist.
 *
 * <p>A name is checked when it ends in a source or doc extension and either has a directory part
 * whose first directory exists (at the root, or beside the file: {@code src/main/...} in a module
 * README) or is a capitalised root doc such as {@code CONTRIBUTING.md}. It resolves beside the file
 * or at the root. Names with placeholders ({@code <scenario>}), build output ({@code target/}) and
 * paths outside the repository are not checked. In a source file only {@code .md} names are
 * checked: source comments point at docs, and Java names its own files by package; Java string
 * literals are skipped, since a test's fixtures name files that only exist while it runs.
 */
public final class FileMentions {
  private static final Pattern NAME =
      Pattern.compile(
          "(?<![\\w/.@-])((?:[\\w.-]+/)*[\\w.-]+\\.(?:md|java|ya?ml|sh|xml|json|proto|tpl|properties))"
              + "(?![\\w/-])");
  private static final Pattern ROOT_DOC = Pattern.compile("[A-Z][A-Z_]*\\.md");
  private static final Pattern URL = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.-]*://\\S+");
  private static final Pattern LINK_TARGET = Pattern.compile("\\]\\([^)]*\\)");
  private static final Pattern DEFINITION = Pattern.compile("^ {0,3}\\[[^\\]]+\\]:.*");

  private final Path root;

  public FileMentions(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /** The names in a Markdown file's prose and code spans that name no file. */
  public List<Violation> inMarkdown(Path file, MarkdownSource source) {
    List<Violation> missing = new ArrayList<>();
    for (MarkdownSource.Line line : source.prose()) {
      if (DEFINITION.matcher(line.text()).matches()) {
        continue;
      }
      String text = LINK_TARGET.matcher(line.text()).replaceAll("]");
      check(file, line.number(), text, false, missing);
    }
    return missing;
  }

  /**
   * The {@code .md} names in a source file that name no file; in Java only those outside string
   * literals, which hold test data.
   */
  public List<Violation> inSource(Path file, String text) {
    List<Violation> missing = new ArrayList<>();
    if (!text.contains(".md")) {
      return missing;
    }
    boolean java = file.getFileName().toString().endsWith(".java");
    List<String> lines = (java ? JavaLiterals.blanked(text) : text).lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      check(file, i + 1, lines.get(i), true, missing);
    }
    return missing;
  }

  private void check(Path file, int line, String text, boolean docsOnly, List<Violation> missing) {
    if (!text.contains(docsOnly ? ".md" : ".")) {
      return; // most lines name no file: skip the pattern
    }
    Matcher name = NAME.matcher(URL.matcher(text).replaceAll(" "));
    while (name.find()) {
      String path = name.group(1);
      if (docsOnly && !path.endsWith(".md")) {
        continue;
      }
      if (checked(file, path) && !exists(file, path)) {
        missing.add(
            new Violation(
                root.relativize(file).toString(),
                line,
                "names " + path + ", which does not exist (beside this file or at the root)"));
      }
    }
  }

  private boolean checked(Path file, String path) {
    int slash = path.indexOf('/');
    if (slash < 0) {
      return ROOT_DOC.matcher(path).matches();
    }
    List<String> parts = Arrays.asList(path.split("/"));
    if (parts.contains("target")) {
      return false;
    }
    String first = parts.getFirst();
    return first.equals(".")
        || first.equals("..")
        || Files.isDirectory(root.resolve(first))
        || Files.isDirectory(file.getParent().resolve(first));
  }

  private boolean exists(Path file, String path) {
    Path beside = file.getParent().resolve(path).normalize();
    Path atRoot = root.resolve(path).normalize();
    return (beside.startsWith(root) && Files.exists(beside))
        || (atRoot.startsWith(root) && Files.exists(atRoot));
  }
}
