package dev.gpudra.buildtools.commits;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The commit rules a program can check, kept simple on purpose:
 *
 * <ul>
 *   <li>the subject has at most 72 characters;
 *   <li>its first word is the verb, capitalised and in the imperative ("Add", "Fix", "Document"):
 *       it does not end in -ed ("Added"), -ing ("Adding") or -s ("Adds"), but -eed, -ss, -us and
 *       -is are fine ("Speed", "Pass", "Focus", "Analysis"), as are the few words of {@link
 *       #IMPERATIVE_ANYWAY}; an acronym ("MPS", "CDI:") is not judged;
 *   <li>the body, after a blank line, holds more than its trailers ({@code Issue: 37}): the why.
 * </ul>
 */
public final class CommitRules {
  public static final int SUBJECT_MAX = 72;

  /** Imperatives the suffix rule would refuse. */
  public static final Set<String> IMPERATIVE_ANYWAY =
      Set.of("alias", "bias", "bring", "embed", "ping", "shed", "string", "wed");

  private static final Pattern TRAILER = Pattern.compile("^[A-Za-z][A-Za-z0-9-]*: .*");
  private static final Pattern WORD = Pattern.compile("[\\p{L}'-]+");

  private CommitRules() {}

  /** What the commit breaks, one sentence a rule; empty when it follows them all. */
  public static List<String> problems(Commit commit) {
    List<String> problems = new ArrayList<>();
    String subject = commit.subject();
    int length = subject.codePointCount(0, subject.length());
    if (length > SUBJECT_MAX) {
      problems.add(
          "subject has "
              + length
              + " characters, at most "
              + SUBJECT_MAX
              + ": move detail to the body");
    }
    String first = subject.strip().split("\\s+", 2)[0];
    if (!startsCapitalised(first)) {
      problems.add(
          "subject starts with \"" + first + "\": start with a capitalised verb (\"Add\")");
    } else if (!imperative(first)) {
      problems.add(
          "subject starts with \""
              + first
              + "\": use the imperative (\"Add\", not \"Added\", \"Adds\" or \"Adding\")");
    }
    if (!hasReason(commit.body())) {
      problems.add("no body: after a blank line, say why the change is made");
    }
    return problems;
  }

  private static boolean startsCapitalised(String word) {
    return !word.isEmpty() && Character.isUpperCase(word.codePointAt(0));
  }

  static boolean imperative(String first) {
    String letters = first.replaceAll("[^\\p{L}'-]+$", "");
    String word = letters.toLowerCase(Locale.ROOT);
    boolean acronym = letters.length() > 1 && letters.equals(letters.toUpperCase(Locale.ROOT));
    if (!WORD.matcher(word).matches() || acronym || IMPERATIVE_ANYWAY.contains(word)) {
      return true;
    }
    if (word.endsWith("ed")) {
      return word.endsWith("eed");
    }
    if (word.endsWith("ing")) {
      return false;
    }
    return !word.endsWith("s") || word.endsWith("ss") || word.endsWith("us") || word.endsWith("is");
  }

  /** Something is left once the trailers (a last paragraph of {@code Key: value} lines) go. */
  private static boolean hasReason(String body) {
    List<String> paragraphs = List.of(body.strip().split("\\n\\s*\\n"));
    String last = paragraphs.getLast();
    boolean trailers = last.lines().allMatch(line -> TRAILER.matcher(line).matches());
    return !body.isBlank() && (paragraphs.size() > 1 || !trailers);
  }
}
