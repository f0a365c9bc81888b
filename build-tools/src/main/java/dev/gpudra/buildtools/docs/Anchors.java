package dev.gpudra.buildtools.docs;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code #fragments} GitHub gives a Markdown file: one per heading (ATX {@code ## Title} or
 * setext, underlined), slugged as GitHub does, plus every HTML {@code id} or {@code <a name>}.
 */
public final class Anchors {
  private static final Pattern ATX = Pattern.compile("^ {0,3}#{1,6}(?:\\s+(.*?))?(?:\\s+#+)?\\s*$");
  private static final Pattern SETEXT = Pattern.compile("^ {0,3}(=+|-+)\\s*$");
  private static final Pattern LIST_ITEM = Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s.*");
  private static final Pattern HTML_ID =
      Pattern.compile("<[a-zA-Z][^>]*\\s(?:id|name)\\s*=\\s*\"([^\"]+)\"");
  private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
  private static final Pattern TAG = Pattern.compile("</?[a-zA-Z][^>]*>");
  private static final Pattern EMPHASIS_UNDERSCORES =
      Pattern.compile("(?<![\\p{L}\\p{N}])_+|_+(?![\\p{L}\\p{N}])");
  // github-slugger: drop what is not a letter, mark, number, connector (_), space or hyphen
  private static final Pattern NOT_SLUG = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

  private Anchors() {}

  /** Every anchor of the file; repeated headings get {@code -1}, {@code -2}... as on GitHub. */
  public static Set<String> of(MarkdownSource source) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    List<MarkdownSource.Line> prose = source.prose();
    for (int i = 0; i < prose.size(); i++) {
      String text = prose.get(i).text();
      Matcher id = HTML_ID.matcher(MarkdownSource.replaceCodeSpans(text, ""));
      while (id.find()) {
        anchors.add(id.group(1));
      }
      String heading = heading(prose, i);
      if (heading != null) {
        anchors.add(unique(slug(heading), seen));
      }
    }
    return anchors;
  }

  private static String heading(List<MarkdownSource.Line> prose, int i) {
    String text = prose.get(i).text();
    Matcher atx = ATX.matcher(text);
    if (atx.matches()) {
      return atx.group(1) == null ? "" : atx.group(1);
    }
    boolean underline = i > 0 && SETEXT.matcher(text).matches() && !text.isBlank();
    if (!underline || prose.get(i - 1).number() != prose.get(i).number() - 1) {
      return null;
    }
    String above = prose.get(i - 1).text();
    boolean paragraph =
        !above.isBlank()
            && !ATX.matcher(above).matches()
            && !LIST_ITEM.matcher(above).matches()
            && !above.contains("|");
    return paragraph ? above.strip() : null;
  }

  private static String unique(String slug, Map<String, Integer> seen) {
    Integer count = seen.get(slug);
    if (count == null) {
      seen.put(slug, 0);
      return slug;
    }
    String candidate;
    do {
      count++;
      candidate = slug + "-" + count;
    } while (seen.containsKey(candidate));
    seen.put(slug, count);
    seen.put(candidate, 0);
    return candidate;
  }

  /**
   * GitHub's anchor for a heading: its text as rendered (links and emphasis reduced to their words,
   * code spans verbatim), lower case, without punctuation but hyphens and underscores, each space a
   * hyphen.
   */
  public static String slug(String heading) {
    String linked = LINK.matcher(heading).replaceAll("$1");
    StringBuilder text = new StringBuilder();
    Matcher span = CODE_SPAN.matcher(linked);
    int last = 0;
    while (span.find()) {
      text.append(rendered(linked.substring(last, span.start()))).append(span.group(2).strip());
      last = span.end();
    }
    text.append(rendered(linked.substring(last)));
    String lower = text.toString().strip().toLowerCase(Locale.ROOT);
    return NOT_SLUG.matcher(lower).replaceAll("").replace(' ', '-');
  }

  private static String rendered(String markup) {
    String text = TAG.matcher(markup).replaceAll("");
    text = text.replace("\\", "").replace("*", "");
    return EMPHASIS_UNDERSCORES.matcher(text).replaceAll("");
  }
}
