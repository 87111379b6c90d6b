/* a vendor filesystem with 32-bit on-disk times and no s_time_min/s_time_max */
struct vfs_dinode {
	__le32 mtime;
	__le32 ctime;
};

static int vfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_magic = VFS_MAGIC;
	sb->s_op = &vfs_sops;
	return 0;
}

static void vfs_write_inode(struct inode *inode, struct vfs_dinode *di)
{
	struct timespec64 ts = inode_get_mtime(inode);
	u32 nsec = 0;

	di->mtime = cpu_to_le32(ts.tv_sec);			/* POS */
	di->ctime = cpu_to_le32(inode_get_ctime_sec(inode));	/* POS */
	di->ctime = cpu_to_le32(nsec);				/* NEG: not a time */
}
