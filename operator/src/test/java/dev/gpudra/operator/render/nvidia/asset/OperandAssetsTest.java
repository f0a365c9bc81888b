package dev.gpudra.operator.render.nvidia.asset;

import static dev.gpudra.operator.render.nvidia.asset.AssetFixture.BINDING;
import static dev.gpudra.operator.render.nvidia.asset.AssetFixture.DAEMON_SET;
import static dev.gpudra.operator.render.nvidia.asset.AssetFixture.SERVICE_ACCOUNT;
import static dev.gpudra.operator.render.nvidia.asset.AssetFixture.provenance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperandAssetsTest {
  @TempDir Path root;

  private StateAssets example() {
    return AssetFixture.assets(
            root,
            Map.of(
                "PROVENANCE.yaml",
                provenance(
                    "0100_service_account.yaml",
                    "0310_clusterrolebinding.yaml",
                    "0700_daemonset.yaml"),
                "0100_service_account.yaml",
                SERVICE_ACCOUNT,
                "0310_clusterrolebinding.yaml",
                BINDING,
                "0700_daemonset.yaml",
                DAEMON_SET))
        .load(AssetFixture.STATE, "gpu-operator");
  }

  @Test
  @DisplayName("a state loads in its index's order, the namespace filled in metadata and subjects")
  void loadsInIndexOrderWithTheNamespaceFilled() {
    StateAssets assets = example();
    assets
        .one(DaemonSet.class)
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .getFirst()
        .setImage("img:1");

    List<HasMetadata> objects = assets.objects();

    assertThat(objects)
        .extracting(HasMetadata::getKind)
        .containsExactly("ServiceAccount", "ClusterRoleBinding", "DaemonSet");
    assertThat(objects.getFirst().getMetadata().getNamespace()).isEqualTo("gpu-operator");
    assertThat(((ClusterRoleBinding) objects.get(1)).getSubjects().getFirst().getNamespace())
        .isEqualTo("gpu-operator");
    assertThat(objects.get(1).getMetadata().getNamespace()).isNull();
    assertThat(((DaemonSet) objects.getLast()).getSpec().getTemplate().getSpec().getContainers())
        .singleElement()
        .satisfies(c -> assertThat(c.getPorts().getFirst().getContainerPort()).isEqualTo(8000));
  }

  @Test
  @DisplayName("every load reads fresh objects: a change to one render does not leak into the next")
  void everyLoadReadsFreshObjects() {
    example().one(ServiceAccount.class).getMetadata().setName("changed");

    assertThat(example().one(ServiceAccount.class).getMetadata().getName()).isEqualTo("example");
  }

  @Test
  @DisplayName("a placeholder no transform filled is refused, naming the resource and the field")
  void aPlaceholderLeftIsRefusedNamingTheResourceAndField() {
    StateAssets assets = example();

    assertThatThrownBy(assets::objects)
        .isInstanceOf(AssetException.class)
        .hasMessage(
            "operands/state-example/0700_daemonset.yaml: spec.template.spec.containers[0].image"
                + " still holds (set by the operator): no transform set it");
  }

  @Test
  @DisplayName("one() and named() refuse what the state does not hold, naming the state")
  void oneAndNamedRefuseWhatTheStateDoesNotHold() {
    StateAssets assets = example();

    assertThatThrownBy(() -> assets.one(io.fabric8.kubernetes.api.model.Service.class))
        .isInstanceOf(AssetException.class)
        .hasMessage("operands/state-example/: has 0 Service objects, expected one");
    assertThatThrownBy(() -> assets.named(DaemonSet.class, "other"))
        .isInstanceOf(AssetException.class)
        .hasMessage("operands/state-example/: has no DaemonSet other");
  }

  @Test
  @DisplayName("without() leaves the named object out of the render")
  void withoutLeavesTheObjectOut() {
    StateAssets assets = example().without(ServiceAccount.class, "example");
    assets
        .one(DaemonSet.class)
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .getFirst()
        .setImage("img:1");

    assertThat(assets.objects())
        .extracting(HasMetadata::getKind)
        .containsExactly("ClusterRoleBinding", "DaemonSet");
  }
}
