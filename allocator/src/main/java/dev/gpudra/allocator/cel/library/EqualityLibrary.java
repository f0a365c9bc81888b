package dev.gpudra.allocator.cel.library;

import dev.cel.common.CelOptions;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import dev.cel.runtime.CelStandardFunctions;
import dev.cel.runtime.RuntimeEquality;
import dev.cel.runtime.RuntimeHelpers;
import dev.cel.runtime.standard.CelStandardOverload;
import dev.cel.runtime.standard.EqualsOperator.EqualsOverload;
import dev.cel.runtime.standard.InOperator.InOverload;
import dev.cel.runtime.standard.NotEqualsOperator.NotEqualsOverload;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replaces three standard runtime overloads to get the scheduler's semantics that cel-java lacks:
 *
 * <ul>
 *   <li>{@code ==} and {@code !=} between a Kubernetes value type and anything else are an error
 *       ({@code no such overload}), not false: {@code semver("1.0.0") == "1.0.0"} through a dyn
 *       attribute fails evaluation;
 *   <li>{@code in} on an {@link EmptyDefaultMap} asks {@code containsKey}, so unknown domains are
 *       not members even though indexing them yields an empty map (indexing needs no override: the
 *       map's {@code get} answers).
 * </ul>
 */
public final class EqualityLibrary {
  private static final Set<CelStandardOverload> REPLACED =
      Set.of(EqualsOverload.EQUALS, NotEqualsOverload.NOT_EQUALS, InOverload.IN_MAP);

  private final RuntimeEquality equality;

  /** Equality under the same options as the runtime. */
  public EqualityLibrary(CelOptions options) {
    this.equality = RuntimeEquality.create(RuntimeHelpers.create(), options);
  }

  /** The standard functions minus the overloads this library replaces. */
  public CelStandardFunctions standardFunctions() {
    return CelStandardFunctions.newBuilder()
        .filterFunctions((function, overload) -> !REPLACED.contains(overload))
        .build();
  }

  /** The replacements (no declarations: the standard ones stay). */
  public FunctionLibrary library() {
    return new FunctionLibrary(
        List.of(),
        List.of(
            CelFunctionBinding.from("equals", Object.class, Object.class, this::equal),
            CelFunctionBinding.from(
                "not_equals", Object.class, Object.class, (a, b) -> !equal(a, b)),
            CelFunctionBinding.from("in_map", Object.class, Map.class, this::in)));
  }

  /** CEL equality, refusing to compare a Kubernetes value type with a different type. */
  public boolean equal(Object a, Object b) throws CelEvaluationException {
    if (isKubernetesValue(a) || isKubernetesValue(b)) {
      if (a.getClass() != b.getClass()) {
        throw new CelEvaluationException(
            "no such overload: %s == %s".formatted(typeName(a), typeName(b)));
      }
      return a.equals(b);
    }
    return equality.objectEquals(a, b);
  }

  private boolean in(Object key, Map<?, ?> map) {
    if (map instanceof EmptyDefaultMap<?> domains) {
      return domains.containsKey(key);
    }
    return equality.findInMap(map, key).isPresent();
  }

  private static boolean isKubernetesValue(Object o) {
    return o instanceof Semver || o instanceof KubeQuantity;
  }

  /** A short CEL-ish type name for error messages. */
  static String typeName(Object o) {
    return switch (o) {
      case Semver s -> KubernetesTypes.SEMVER.name();
      case KubeQuantity q -> KubernetesTypes.QUANTITY.name();
      case String s -> "string";
      case Long l -> "int";
      case Double d -> "double";
      case Boolean b -> "bool";
      case List<?> l -> "list";
      case Map<?, ?> m -> "map";
      default -> o.getClass().getSimpleName();
    };
  }
}
