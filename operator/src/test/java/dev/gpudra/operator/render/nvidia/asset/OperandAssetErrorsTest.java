package dev.gpudra.operator.render.nvidia.asset;

import static dev.gpudra.operator.render.nvidia.asset.AssetFixture.DAEMON_SET;
import static dev.gpudra.operator.render.nvidia.asset.AssetFixture.SERVICE_ACCOUNT;
import static dev.gpudra.operator.render.nvidia.asset.AssetFixture.provenance;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A malformed operand resource is an {@code AssetException} naming the resource and the field. */
class OperandAssetErrorsTest {
  private static final String DIR = "operands/state-example/";
  private static final String INDEX = DIR + "PROVENANCE.yaml";
  private static final String FILE = DIR + "0100_object.yaml";

  @TempDir Path root;

  /**
   * @param name what is wrong
   * @param index the state's {@code PROVENANCE.yaml}; null for none
   * @param object {@code 0100_object.yaml}; null for none
   * @param message the error expected
   */
  record Case(String name, String index, String object, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.concat(objectCases(), indexCases());
  }

  static Stream<Case> objectCases() {
    return Stream.of(
        new Case("no index", null, SERVICE_ACCOUNT, INDEX + ": missing from the class path"),
        new Case(
            "a file the index names is missing",
            provenance("0100_object.yaml"),
            null,
            FILE + ": missing from the class path"),
        new Case(
            "not YAML",
            provenance("0100_object.yaml"),
            "kind: [ServiceAccount\n",
            FILE + ": not YAML: "),
        new Case(
            "a kind the operator does not apply",
            provenance("0100_object.yaml"),
            "apiVersion: v1\nkind: Secret\nmetadata: {name: x}\n",
            FILE + ": kind: 'Secret' is not one of the kinds ClusterRole, "),
        new Case(
            "an apiVersion that is not the kind's",
            provenance("0100_object.yaml"),
            "apiVersion: apps/v1\nkind: ServiceAccount\nmetadata: {name: x}\n",
            FILE + ": apiVersion: 'apps/v1' is not ServiceAccount's v1"),
        new Case(
            "a misspelt field",
            provenance("0100_object.yaml"),
            DAEMON_SET.replace("image:", "imag:"),
            FILE + ": spec.template.spec.containers[0].imag: Unrecognized field \"imag\""),
        new Case(
            "a value of the wrong type",
            provenance("0100_object.yaml"),
            DAEMON_SET.replace("containerPort: 8000", "containerPort: eighty"),
            FILE + ": spec.template.spec.containers[0].ports[0].containerPort: Cannot deserialize"),
        new Case(
            "no metadata.name",
            provenance("0100_object.yaml"),
            "apiVersion: v1\nkind: ServiceAccount\nmetadata: {namespace: x}\n",
            FILE + ": metadata.name is missing"));
  }

  static Stream<Case> indexCases() {
    return Stream.of(
        new Case(
            "an index without the upstream commit",
            provenance("0100_object.yaml")
                .replace("  commit: 10ee5b3638b89e11e949412aafa5ba99279c3721\n", ""),
            SERVICE_ACCOUNT,
            INDEX + ": upstream.commit is missing"),
        new Case(
            "an index with an abbreviated commit",
            provenance("0100_object.yaml").replace("3721\n", "\n"),
            SERVICE_ACCOUNT,
            INDEX
                + ": upstream.commit: '10ee5b3638b89e11e949412aafa5ba99279c'"
                + " is not a full 40-digit commit"),
        new Case(
            "an index naming a file without its upstream asset",
            provenance("0100_object.yaml")
                .replace("  upstream: assets/state-example/0100_object.yaml\n", ""),
            SERVICE_ACCOUNT,
            INDEX + ": files[0].upstream is missing"),
        new Case(
            "an index naming a file not named as NVIDIA's assets",
            provenance("object.yaml"),
            SERVICE_ACCOUNT,
            INDEX + ": files[0].file: 'object.yaml' is not named NNNN_<kind>.yaml"),
        new Case(
            "an index listing files out of their numbers' order",
            provenance("0200_object.yaml", "0100_object.yaml"),
            SERVICE_ACCOUNT,
            INDEX
                + ": files[1].file: '0100_object.yaml' is listed after '0200_object.yaml': files"
                + " are listed once, in apply order, which is their names' order"),
        new Case(
            "an index for another state",
            provenance("0100_object.yaml").replace("state: state-example", "state: state-dcgm"),
            SERVICE_ACCOUNT,
            INDEX + ": state: 'state-dcgm' is not its directory's state-example"),
        new Case(
            "an index with an unknown field",
            provenance("0100_object.yaml") + "licence: MIT\n",
            SERVICE_ACCOUNT,
            INDEX + ": licence: Unrecognized field \"licence\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("a malformed resource fails its load with an error naming the resource and field")
  void aMalformedResourceFailsNamingResourceAndField(Case c) {
    Map<String, String> files = new java.util.HashMap<>();
    if (c.index() != null) {
      files.put("PROVENANCE.yaml", c.index());
    }
    if (c.object() != null) {
      files.put("0100_object.yaml", c.object());
    }
    OperandAssets assets = AssetFixture.assets(root, files);

    assertThatThrownBy(() -> assets.load(AssetFixture.STATE, "gpu-operator"))
        .isInstanceOf(AssetException.class)
        .hasMessageStartingWith(c.message())
        .hasMessageNotContaining("\n");
  }
}
