package dev.gpudra.kit.text;

/**
 * Go's {@code strconv.ParseBool}, which NVIDIA's boolean env variables go through: {@code 1},
 * {@code t}, {@code T}, {@code TRUE}, {@code true}, {@code True} and their false counterparts.
 */
public final class GoBool {
  private GoBool() {}

  /**
   * @throws IllegalArgumentException naming the value when it is none of Go's spellings
   */
  public static boolean parse(String value) {
    return switch (value) {
      case "1", "t", "T", "TRUE", "true", "True" -> true;
      case "0", "f", "F", "FALSE", "false", "False" -> false;
      default ->
          throw new IllegalArgumentException(
              "\"" + value + "\" is not a boolean (true, false, 1, 0, t, f)");
    };
  }
}
