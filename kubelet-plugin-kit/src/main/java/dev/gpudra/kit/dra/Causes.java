package dev.gpudra.kit.dra;

import java.util.ArrayList;
import java.util.List;

/**
 * The messages of an exception and its causes, joined: a client's "An error has occurred." says
 * nothing, the JSON parser's message under it does.
 */
final class Causes {
  private static final int MAX_DEPTH = 8;

  private Causes() {}

  static String chain(Throwable error) {
    List<String> all = new ArrayList<>();
    Throwable t = error;
    for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
      all.add(t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage());
    }
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      boolean repeatsCause = i + 1 < all.size() && all.get(i).contains(all.get(i + 1));
      if (!repeatsCause && !shown.contains(all.get(i))) {
        shown.add(all.get(i));
      }
    }
    return String.join(": ", shown);
  }
}
