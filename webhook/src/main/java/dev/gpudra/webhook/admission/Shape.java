package dev.gpudra.webhook.admission;

import java.util.Map;

/**
 * Which parts of a reviewed object the webhook keeps: the fields named, down to the claim spec's
 * {@code devices.config} list (of a claim, and of a template's inner spec). Everything else is
 * skipped unread, so a review costs memory for its configs only.
 *
 * @param kind how a value at this place is read
 * @param fields for {@link Kind#OBJECT}: the fields kept and their shapes
 */
record Shape(Kind kind, Map<String, Shape> fields) {
  enum Kind {
    OBJECT,
    SCALAR,
    CONFIGS
  }

  Shape {
    fields = Map.copyOf(fields);
  }

  private static final Shape SCALAR = new Shape(Kind.SCALAR, Map.of());
  private static final Shape DEVICES =
      new Shape(Kind.OBJECT, Map.of("config", new Shape(Kind.CONFIGS, Map.of())));

  /** A ResourceClaim ({@code spec.devices.config}) or a template ({@code spec.spec...}). */
  static final Shape CLAIM_OR_TEMPLATE =
      new Shape(
          Kind.OBJECT,
          Map.of(
              "apiVersion", SCALAR,
              "kind", SCALAR,
              "spec",
                  new Shape(
                      Kind.OBJECT,
                      Map.of(
                          "devices",
                          DEVICES,
                          "spec",
                          new Shape(Kind.OBJECT, Map.of("devices", DEVICES))))));
}
