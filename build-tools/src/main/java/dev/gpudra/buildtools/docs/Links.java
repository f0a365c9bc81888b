package dev.gpudra.buildtools.docs;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of a Markdown file, and whether each resolves: inline links and images ({@code
 * [text](target)}), reference definitions ({@code [label]: target}) and HTML {@code href} / {@code
 * src}. Links with a scheme ({@code https:}, {@code mailto:}) and links inside code are not
 * checked.
 */
public final class Links {
  private static final Pattern INLINE = Pattern.compile("\\]\\(\\s*(<[^>]*>|[^\\s)]*)");
  private static final Pattern DEFINITION =
      Pattern.compile("^ {0,3}\\[[^\\]]+\\]:\\s*(<[^>]*>|\\S+)");
  private static final Pattern HTML = Pattern.compile("\\s(?:href|src)\\s*=\\s*\"([^\"]*)\"");
  private static final Pattern SCHEME = Pattern.compile("^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//).*");

  private final Path root;
  private final Function<Path, Set<String>> anchors;

  /**
   * @param root the repository root: links may not leave it, and {@code /x} means {@code root/x}
   * @param anchors the anchors of a Markdown file in the repository (read once, then cached)
   */
  public Links(Path root, Function<Path, Set<String>> anchors) {
    this.root = root.toAbsolutePath().normalize();
    this.anchors = anchors;
  }

  /** A link target as written, on its 1-based line. */
  public record Link(int line, String target) {}

  /** Every link of the file outside code, in order. */
  public static List<Link> in(MarkdownSource source) {
    List<Link> links = new ArrayList<>();
    for (MarkdownSource.Line line : source.prose()) {
      String text = MarkdownSource.replaceCodeSpans(line.text(), "");
      for (Pattern pattern : List.of(DEFINITION, INLINE, HTML)) {
        Matcher link = pattern.matcher(text);
        while (link.find()) {
          links.add(new Link(line.number(), unwrap(link.group(1))));
        }
      }
    }
    return links;
  }

  /** The links of {@code file} (absolute, in the repository) that do not resolve. */
  public List<Violation> check(Path file, MarkdownSource source) {
    List<Violation> broken = new ArrayList<>();
    String relative = root.relativize(file).toString();
    for (Link link : in(source)) {
      String problem = problem(file, link.target());
      if (problem != null) {
        broken.add(new Violation(relative, link.line(), problem));
      }
    }
    return broken;
  }

  private String problem(Path file, String target) {
    if (target.isEmpty() || SCHEME.matcher(target).matches()) {
      return null;
    }
    int hash = target.indexOf('#');
    String path = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? "" : decode(target.substring(hash + 1));
    int query = path.indexOf('?');
    path = decode(query < 0 ? path : path.substring(0, query));
    Path resolved = resolve(file, path);
    if (!resolved.startsWith(root)) {
      return "link leaves the repository: " + target;
    }
    if (!Files.exists(resolved)) {
      return "broken link: " + target + " (no " + root.relativize(resolved) + ")";
    }
    Path page = Files.isDirectory(resolved) ? resolved.resolve("README.md") : resolved;
    if (anchor.isEmpty()
        || !page.getFileName().toString().endsWith(".md")
        || !Files.isRegularFile(page)) {
      return null;
    }
    Set<String> known = anchors.apply(page);
    if (known.contains(anchor) || known.contains(anchor.toLowerCase(Locale.ROOT))) {
      return null;
    }
    return "broken anchor: "
        + target
        + " (no heading of "
        + root.relativize(page)
        + " has the anchor #"
        + anchor
        + ")";
  }

  private Path resolve(Path file, String path) {
    if (path.isEmpty()) {
      return file;
    }
    Path base = path.startsWith("/") ? root : file.getParent();
    return base.resolve(path.startsWith("/") ? path.substring(1) : path).normalize();
  }

  private static String unwrap(String target) {
    return target.startsWith("<") && target.endsWith(">")
        ? target.substring(1, target.length() - 1)
        : target;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }
}
