package dev.gpudra.operator.render.nvidia.asset;

/**
 * A bundled operand resource that cannot be used: missing, not YAML, of an unknown kind, with an
 * unknown or mistyped field, or rendered with a placeholder left in it. A defect of the build, not
 * of the ClusterPolicy: it names the resource and, where there is one, the field.
 */
public final class AssetException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String resource;

  /**
   * @param resource the class-path resource ({@code operands/state-dcgm/0400_dcgm.yml})
   * @param problem what is wrong with it, naming the field where there is one
   */
  public AssetException(String resource, String problem) {
    super(oneLine(resource + ": " + problem));
    this.resource = resource;
  }

  /**
   * @param resource the class-path resource
   * @param problem what is wrong with it
   * @param cause the parser's error
   */
  public AssetException(String resource, String problem, Throwable cause) {
    super(oneLine(resource + ": " + problem), cause);
    this.resource = resource;
  }

  /** The class-path resource at fault. */
  public String resource() {
    return resource;
  }

  private static String oneLine(String message) {
    return message.replaceAll("\\s*\\R\\s*", " ");
  }
}
