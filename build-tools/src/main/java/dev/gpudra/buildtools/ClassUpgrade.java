package dev.gpudra.buildtools;

import java.util.Objects;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites one class file older than version 50 as version 52 (Java 8) with stack map frames, the
 * form the type-checking verifier and the AOT cache accept; its code is not changed.
 */
public final class ClassUpgrade {
  /** The oldest class file version the AOT cache keeps once linked (Java 6). */
  public static final int OLDEST_CACHEABLE = 50;

  /** The version written: Java 8, whose verifier needs stack map frames and forbids jsr/ret. */
  public static final int TARGET = Opcodes.V1_8;

  private static final int MAGIC = 0xCAFEBABE;

  private final ClassLoader hierarchy;

  /**
   * @param hierarchy loads (without initialising) the classes a frame may merge: the jar's
   *     neighbours and the JDK
   */
  public ClassUpgrade(ClassLoader hierarchy) {
    this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
  }

  /**
   * The major version of a class file.
   *
   * @throws UpgradeException if {@code classFile} is not a class file
   */
  public static int majorVersion(String name, byte[] classFile) {
    if (classFile.length < 8 || readInt(classFile, 0) != MAGIC) {
      throw new UpgradeException(name + ": not a class file (no 0xCAFEBABE header)");
    }
    return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
  }

  /**
   * {@code classFile} as version 52 when it is older than 50; otherwise the same array.
   *
   * @throws UpgradeException if the class cannot be given frames, e.g. it uses jsr/ret
   */
  public byte[] upgrade(String name, byte[] classFile) {
    if (majorVersion(name, classFile) >= OLDEST_CACHEABLE) {
      return classFile;
    }
    try {
      ClassWriter writer = new HierarchyWriter(hierarchy);
      new ClassReader(classFile).accept(new VersionBump(writer), ClassReader.SKIP_FRAMES);
      return writer.toByteArray();
    } catch (RuntimeException e) {
      throw new UpgradeException(name + ": cannot rewrite as version " + TARGET + ": " + e, e);
    }
  }

  private static int readInt(byte[] b, int at) {
    return ((b[at] & 0xff) << 24)
        | ((b[at + 1] & 0xff) << 16)
        | ((b[at + 2] & 0xff) << 8)
        | (b[at + 3] & 0xff);
  }

  /** Writes the class with the target version; everything else passes through. */
  private static final class VersionBump extends ClassVisitor {
    VersionBump(ClassVisitor next) {
      super(Opcodes.ASM9, next);
    }

    @Override
    public void visit(
        int version,
        int access,
        String name,
        String signature,
        String superName,
        String[] interfaces) {
      super.visit(TARGET, access, name, signature, superName, interfaces);
    }
  }

  /** Computes frames, resolving common super classes through the given loader. */
  private static final class HierarchyWriter extends ClassWriter {
    private final ClassLoader hierarchy;

    HierarchyWriter(ClassLoader hierarchy) {
      super(ClassWriter.COMPUTE_FRAMES);
      this.hierarchy = hierarchy;
    }

    @Override
    protected ClassLoader getClassLoader() {
      return hierarchy;
    }
  }
}
