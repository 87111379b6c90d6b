/* NEG: a filesystem that declares its 32-bit on-disk range */
static int rfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_magic = RFS_MAGIC;
	sb->s_time_min = 0;
	sb->s_time_max = U32_MAX;
	return 0;
}
