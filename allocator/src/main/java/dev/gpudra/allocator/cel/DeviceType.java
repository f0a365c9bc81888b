package dev.gpudra.allocator.cel;

import com.google.common.collect.ImmutableCollection;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypeProvider;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.StructType;
import dev.gpudra.allocator.cel.library.KubernetesTypes;
import java.util.Optional;

/**
 * The CEL type {@code kubernetes.DRADevice} of the {@code device} variable, and the type provider
 * that makes the checker know it. Its fields depend on the enabled features.
 */
final class DeviceType implements CelTypeProvider {
  static final String VARIABLE = "device";
  static final String DRIVER = "driver";
  static final String ATTRIBUTES = "attributes";
  static final String CAPACITY = "capacity";
  static final String ALLOW_MULTIPLE_ALLOCATIONS = "allowMultipleAllocations";

  private final StructType struct;

  DeviceType(SelectorEnvOptions options) {
    ImmutableSet.Builder<String> fields =
        ImmutableSet.<String>builder().add(DRIVER, ATTRIBUTES, CAPACITY);
    boolean consumable = options.enabled(SelectorFeature.CONSUMABLE_CAPACITY);
    if (consumable) {
      fields.add(ALLOW_MULTIPLE_ALLOCATIONS);
    }
    this.struct =
        StructType.create("kubernetes.DRADevice", fields.build(), f -> fieldType(f, consumable));
  }

  /** The struct type of {@code device}. */
  StructType struct() {
    return struct;
  }

  @Override
  public ImmutableCollection<CelType> types() {
    return ImmutableList.of(struct, KubernetesTypes.QUANTITY, KubernetesTypes.SEMVER);
  }

  @Override
  public Optional<CelType> findType(String typeName) {
    return types().stream().filter(t -> t.name().equals(typeName)).findFirst();
  }

  private static Optional<CelType> fieldType(String field, boolean consumable) {
    return switch (field) {
      case DRIVER -> Optional.of(SimpleType.STRING);
      case ATTRIBUTES -> Optional.of(byDomain(SimpleType.DYN));
      case CAPACITY -> Optional.of(byDomain(KubernetesTypes.QUANTITY));
      case ALLOW_MULTIPLE_ALLOCATIONS ->
          consumable ? Optional.of(SimpleType.BOOL) : Optional.empty();
      default -> Optional.empty();
    };
  }

  private static MapType byDomain(CelType value) {
    return MapType.create(SimpleType.STRING, MapType.create(SimpleType.STRING, value));
  }
}
