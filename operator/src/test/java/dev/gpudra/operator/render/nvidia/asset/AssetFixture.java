package dev.gpudra.operator.render.nvidia.asset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Operand resources written to a temporary class-path root, loaded as the operator loads them. */
final class AssetFixture {
  static final String STATE = "state-example";

  static final String SERVICE_ACCOUNT =
      """
      apiVersion: v1
      kind: ServiceAccount
      metadata:
        name: example
        namespace: "(set by the operator)"
      """;

  static final String BINDING =
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRoleBinding
      metadata:
        name: example
      subjects:
      - kind: ServiceAccount
        name: example
        namespace: "(set by the operator)"
      roleRef:
        apiGroup: rbac.authorization.k8s.io
        kind: ClusterRole
        name: example
      """;

  static final String DAEMON_SET =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: example
        namespace: "(set by the operator)"
      spec:
        selector:
          matchLabels: {app: example}
        template:
          metadata:
            labels: {app: example}
          spec:
            containers:
            - name: example
              image: "(set by the operator)"
              ports:
              - containerPort: 8000
      """;

  private AssetFixture() {}

  /** An index of {@code files} in order, every field set. */
  static String provenance(String... files) {
    StringBuilder yaml =
        new StringBuilder(
            """
            state: state-example
            upstream:
              repository: https://github.com/NVIDIA/gpu-operator
              version: v26.7.0
              commit: 10ee5b3638b89e11e949412aafa5ba99279c3721
              license: Apache-2.0
            files:
            """);
    for (String file : files) {
      yaml.append("- file: ").append(file).append('\n');
      yaml.append("  upstream: assets/state-example/").append(file).append('\n');
    }
    return yaml.toString();
  }

  /** Loads from {@code root/operands/state-example/}, holding {@code files} by name. */
  static OperandAssets assets(Path root, Map<String, String> files) {
    try {
      Path state = Files.createDirectories(root.resolve("operands").resolve(STATE));
      for (Map.Entry<String, String> file : files.entrySet()) {
        Files.writeString(state.resolve(file.getKey()), file.getValue());
      }
      URL url = root.toUri().toURL();
      return new OperandAssets(new URLClassLoader(new URL[] {url}, null), "operands");
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
