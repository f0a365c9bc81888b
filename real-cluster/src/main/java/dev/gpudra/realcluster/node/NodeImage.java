package dev.gpudra.realcluster.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Our image on the node without a registry: its tar ({@code docker save} format, as Jib writes
 * {@code jib-image.tar}) imported into the node's containerd and tagged as the reference a pod
 * names, so the kubelet finds it with pull policy IfNotPresent; closing removes both names again.
 */
public final class NodeImage implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final RealNode node;
  private final List<String> refs;

  private NodeImage(RealNode node, List<String> refs) {
    this.node = node;
    this.refs = List.copyOf(refs);
  }

  /**
   * Imports {@code tar} and tags it {@code ref} (e.g. {@code gpu-dra:real-node}).
   *
   * @throws IllegalArgumentException the tar names no image ({@code manifest.json}'s RepoTags)
   */
  public static NodeImage load(RealNode node, Path tar, String ref) {
    String imported = normalized(repoTag(tar));
    String target = normalized(ref);
    node.importImage(tar);
    if (target.equals(imported)) {
      return new NodeImage(node, List.of(imported));
    }
    Processes.run(node.ctr("images", "tag", "--force", imported, target));
    return new NodeImage(node, List.of(target, imported));
  }

  /** The image references in containerd's names, as the kubelet asks for them. */
  public List<String> refs() {
    return refs;
  }

  /** The first RepoTag of the tar's {@code manifest.json}. */
  static String repoTag(Path tar) {
    String manifest = Processes.run(List.of("tar", "-xOf", tar.toString(), "manifest.json"));
    try {
      JsonNode tags = JSON.readTree(manifest).path(0).path("RepoTags");
      if (!tags.isArray() || tags.isEmpty()) {
        throw new IllegalArgumentException(tar + ": manifest.json names no image (RepoTags)");
      }
      return tags.get(0).asText();
    } catch (IOException e) {
      throw new UncheckedIOException(tar + ": manifest.json is not JSON", e);
    }
  }

  /**
   * A reference as containerd stores it: {@code gpu-dra:1} is {@code docker.io/library/gpu-dra:1},
   * {@code org/x:1} is {@code docker.io/org/x:1}; one naming a registry stays as it is.
   */
  static String normalized(String ref) {
    int slash = ref.indexOf('/');
    if (slash < 0) {
      return "docker.io/library/" + ref;
    }
    String first = ref.substring(0, slash);
    boolean registry = first.contains(".") || first.contains(":") || first.equals("localhost");
    return registry ? ref : "docker.io/" + ref;
  }

  /** Removes the image's names from the node's containerd. */
  @Override
  public void close() {
    for (String ref : refs) {
      Processes.tryRun(node.ctr("images", "rm", ref));
    }
  }
}
