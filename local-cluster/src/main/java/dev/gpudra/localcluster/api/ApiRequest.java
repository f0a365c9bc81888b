package dev.gpudra.localcluster.api;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the embedded API server needs of one HTTP request to decide whether it can serve it.
 *
 * @param method the HTTP method, upper case
 * @param path the path with its query string
 * @param contentType the {@code Content-Type} header; empty when absent
 * @param body the body as UTF-8; empty when absent
 */
record ApiRequest(String method, String path, String contentType, String body) {
  ApiRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    contentType = contentType == null ? "" : contentType;
    body = body == null ? "" : body;
  }

  /** The path without its query string. */
  String bare() {
    int query = path.indexOf('?');
    return query < 0 ? path : path.substring(0, query);
  }

  /** The media type of the body, lower case, without parameters; empty when none was sent. */
  String mediaType() {
    int parameters = contentType.indexOf(';');
    String type = parameters < 0 ? contentType : contentType.substring(0, parameters);
    return type.trim().toLowerCase(Locale.ROOT);
  }

  /** The value of query parameter {@code name}, decoded, if the request has it. */
  Optional<String> query(String name) {
    int start = path.indexOf('?');
    if (start < 0) {
      return Optional.empty();
    }
    for (String pair : path.substring(start + 1).split("&")) {
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair : pair.substring(0, eq);
      if (key.equals(name)) {
        String value = eq < 0 ? "" : pair.substring(eq + 1);
        return Optional.of(URLDecoder.decode(value, StandardCharsets.UTF_8));
      }
    }
    return Optional.empty();
  }

  /** {@code METHOD /path} for messages. */
  String line() {
    return method + " " + bare();
  }
}
