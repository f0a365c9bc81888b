package dev.gpudra.localcluster.validation;

/**
 * A field path as the API server prints it: {@code spec.devices[3].attributes[gpu.example.com/x]}.
 */
public record FieldPath(String value) {
  public FieldPath {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("field path must not be empty");
    }
  }

  public static FieldPath of(String root) {
    return new FieldPath(root);
  }

  public FieldPath child(String name) {
    return new FieldPath(value + "." + name);
  }

  public FieldPath index(int i) {
    return new FieldPath(value + "[" + i + "]");
  }

  public FieldPath key(String key) {
    return new FieldPath(value + "[" + key + "]");
  }

  @Override
  public String toString() {
    return value;
  }
}
